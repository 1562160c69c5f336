import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceRow } from '../../../engine/data/resource-api';
import type { ToolbarExtra } from '../../../engine/extensions';
import { useSession } from '../../../session/use-session';
import { hasRole } from '../../shared/role-name';
import { useSelectionGuard } from '../../shared/use-selection-guard';

/** The dialog open on the tenant screen, with the tenants it works on. */
export type TenantDialog =
  | { kind: 'setting'; tenants: ResourceRow[] }
  | { kind: 'datasource'; tenant: ResourceRow }
  | { kind: 'package'; tenant: ResourceRow }
  | { kind: 'package-manage' };

/**
 * The tenant screen's administrator buttons (Saber tenant.vue, shown when role_name
 * contains `administrator`): 授权配置 (one or more tenants), 数据源配置 and 产品包配置
 * (exactly one), 产品包管理.
 */
export function useTenantToolbar() {
  const { t } = useTranslation();
  const visible = hasRole(useSession().userInfo?.role_name, 'administrator');
  const guard = useSelectionGuard();
  const [dialog, setDialog] = useState<TenantDialog>();
  const [reload, setReload] = useState<() => void>(() => () => undefined);
  const open = (next: TenantDialog, again: () => void) => {
    setReload(() => again);
    setDialog(next);
  };

  const extras: ToolbarExtra[] = [
    {
      key: 'setting',
      label: t('pages.tenant.setting'),
      visible,
      onClick: ({ selected, reload: again }) => guard(selected, 'at-least-one') && open({ kind: 'setting', tenants: selected }, again),
    },
    {
      key: 'datasource',
      label: t('pages.tenant.datasource'),
      visible,
      onClick: ({ selected, reload: again }) => guard(selected, 'exactly-one') && open({ kind: 'datasource', tenant: selected[0] }, again),
    },
    {
      key: 'package',
      label: t('pages.tenant.package'),
      visible,
      onClick: ({ selected, reload: again }) => guard(selected, 'exactly-one') && open({ kind: 'package', tenant: selected[0] }, again),
    },
    {
      key: 'package-manage',
      label: t('pages.tenant.packageManage'),
      visible,
      onClick: ({ reload: again }) => open({ kind: 'package-manage' }, again),
    },
  ];

  const closeDialog = () => setDialog(undefined);
  const dialogDone = () => {
    setDialog(undefined);
    reload();
  };
  return { extras, dialog, closeDialog, dialogDone };
}
