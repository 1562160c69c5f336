import { useTranslation } from 'react-i18next';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import type { ResourceRow } from '../../../engine/data/resource-api';
import type { RowExtra, ToolbarExtra } from '../../../engine/extensions';
import { ResourcePage } from '../../../engine/ResourcePage';
import { useSession } from '../../../session/use-session';
import { RouteModel } from '../../shared/RouteModel';
import { hasRole } from '../../shared/role-name';
import { useListDialog } from '../../shared/use-list-dialog';
import { useSelectionGuard } from '../../shared/use-selection-guard';
import { RoleGrantDialog } from './RoleGrantDialog';

function RoleScreen({ model }: { model: EntityModel }) {
  const { t } = useTranslation();
  const isAdmin = hasRole(useSession().userInfo?.role_name, 'admin');
  const guard = useSelectionGuard();
  const granting = useListDialog<string>();
  const open = (row: ResourceRow, reload: () => void) => granting.open(String(row.id ?? ''), reload);
  const label = t('pages.role.grant');
  const toolbarExtras: ToolbarExtra[] = [
    {
      key: 'grant',
      label,
      visible: isAdmin,
      icon: <SettingsOutlinedIcon />,
      onClick: ({ selected, reload }) => guard(selected, 'exactly-one') && open(selected[0], reload),
    },
  ];
  const rowExtras: RowExtra[] = [
    { key: 'grant', label, visible: isAdmin, icon: <SettingsOutlinedIcon />, onClick: ({ row, reload }) => open(row, reload) },
  ];
  return (
    <>
      <ResourcePage model={model} toolbarExtras={toolbarExtras} rowExtras={rowExtras} />
      {granting.target !== undefined && <RoleGrantDialog roleId={granting.target} onClose={granting.close} onDone={granting.done} />}
    </>
  );
}

/**
 * 角色管理 (Saber authority/role.vue): the engine's role tree plus 权限设置 (admin roles;
 * toolbar with exactly one role selected, or per row) opening the three-tab grant dialog.
 */
export function RolePage() {
  return <RouteModel>{(model) => <RoleScreen model={model} />}</RouteModel>;
}
