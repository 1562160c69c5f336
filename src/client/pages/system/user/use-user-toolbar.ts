import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolbarExtra } from '../../../engine/extensions';
import { useSession } from '../../../session/use-session';
import { hasRole } from '../../shared/role-name';
import { useConfirm } from '../../shared/use-confirm';

/** The dialog open on the user screen, with what it works on. */
export type UserDialog = { kind: 'import' } | { kind: 'platform' };

/**
 * The user screen's toolbar buttons (Saber user.vue): for admin roles 平台配置 and 导入
 * (角色配置, 密码重置 and 账号解封 are the schema's x-actions; 导出 is the list's
 * export job, shown to admin roles: `isAdmin`). Answers the buttons, the open dialog and the
 * confirm question; `reload` refreshes the list after a dialog's success.
 */
export function useUserToolbar() {
  const { t } = useTranslation();
  const isAdmin = hasRole(useSession().userInfo?.role_name, 'admin');
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<UserDialog>();
  const [reload, setReload] = useState<() => void>(() => () => undefined);

  const extras: ToolbarExtra[] = [
    {
      key: 'platform',
      label: t('pages.user.platformConfig'),
      visible: isAdmin,
      onClick: () => setDialog({ kind: 'platform' }),
    },
    {
      key: 'import',
      label: t('pages.user.import'),
      visible: isAdmin,
      color: 'success',
      onClick: ({ reload: again }) => {
        setReload(() => again);
        setDialog({ kind: 'import' });
      },
    },
  ];

  const closeDialog = () => setDialog(undefined);
  const dialogDone = () => {
    setDialog(undefined);
    reload();
  };
  return { extras, isAdmin, dialog, closeDialog, dialogDone, reloadList: () => reload(), confirmProps: confirm.dialogProps };
}
