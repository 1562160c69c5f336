import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceRow } from '../../../engine/data/resource-api';
import type { ToolbarExtra } from '../../../engine/extensions';
import { useSession } from '../../../session/use-session';
import { downloadFile } from '../../shared/download';
import { hasRole } from '../../shared/role-name';
import { useConfirm } from '../../shared/use-confirm';
import { useSelectionGuard } from '../../shared/use-selection-guard';
import { exportParams } from './export-params';
import { EXPORT_USER_URL } from './user-api';

/** The dialog open on the user screen, with what it works on. */
export type UserDialog = { kind: 'role'; users: ResourceRow[] } | { kind: 'import' } | { kind: 'platform' };

/**
 * The user screen's toolbar buttons (Saber user.vue): 角色配置 (`user_role`), and for admin
 * roles 平台配置, 导入, 导出 (密码重置 and 账号解封 are the schema's x-actions). Answers the buttons, the open
 * dialog and the confirm question; `reload` refreshes the list after a dialog's success.
 */
export function useUserToolbar() {
  const { t } = useTranslation();
  const isAdmin = hasRole(useSession().userInfo?.role_name, 'admin');
  const guard = useSelectionGuard();
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<UserDialog>();
  const [reload, setReload] = useState<() => void>(() => () => undefined);

  const extras: ToolbarExtra[] = [
    {
      key: 'role',
      label: t('pages.user.roleConfig'),
      permission: 'user_role',
      onClick: ({ selected, reload: again }) => {
        if (!guard(selected, 'at-least-one')) return;
        setReload(() => again);
        setDialog({ kind: 'role', users: selected });
      },
    },
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
    {
      key: 'export',
      label: t('pages.user.export'),
      visible: isAdmin,
      color: 'warning',
      onClick: ({ params }) =>
        confirm.ask(t('pages.user.exportConfirm'), () =>
          downloadFile({ url: EXPORT_USER_URL, params: exportParams(params), fallbackName: `${t('pages.user.exportFile')}.xlsx` }),
        ),
    },
  ];

  const closeDialog = () => setDialog(undefined);
  const dialogDone = () => {
    setDialog(undefined);
    reload();
  };
  return { extras, dialog, closeDialog, dialogDone, reloadList: () => reload(), confirmProps: confirm.dialogProps };
}
