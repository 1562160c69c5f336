import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolbarExtra } from '../../../engine/extensions';
import { useSession } from '../../../session/use-session';
import { hasRole } from '../../shared/role-name';

/**
 * The user screen's 导入 button (Saber user.vue), for admin roles: `isAdmin` also shows the
 * list's 导出 job. 角色配置, 密码重置, 账号解封, 审核通过 and the row's 平台配置 are the
 * schema's x-actions. `reloadList` refreshes the list after an import.
 */
export function useUserToolbar() {
  const { t } = useTranslation();
  const isAdmin = hasRole(useSession().userInfo?.role_name, 'admin');
  const [importing, setImporting] = useState(false);
  const [reload, setReload] = useState<() => void>(() => () => undefined);

  const extras: ToolbarExtra[] = [
    {
      key: 'import',
      label: t('pages.user.import'),
      visible: isAdmin,
      color: 'success',
      onClick: ({ reload: again }) => {
        setReload(() => again);
        setImporting(true);
      },
    },
  ];

  return { extras, isAdmin, importing, closeImport: () => setImporting(false), reloadList: () => reload() };
}
