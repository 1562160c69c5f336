import type { EntityModel } from '../../../../shared/schema/entity-model';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { TenantDatasourceDialog } from './TenantDatasourceDialog';
import { TenantPackageDialog } from './TenantPackageDialog';
import { TenantPackageManageDialog } from './TenantPackageManageDialog';
import { TenantSettingDialog } from './TenantSettingDialog';
import { useTenantToolbar } from './use-tenant-toolbar';

function TenantScreen({ model }: { model: EntityModel }) {
  const toolbar = useTenantToolbar();
  const { dialog, closeDialog, dialogDone } = toolbar;
  return (
    <>
      <ResourcePage model={model} toolbarExtras={toolbar.extras} />
      {dialog?.kind === 'setting' && <TenantSettingDialog tenants={dialog.tenants} onClose={closeDialog} onDone={dialogDone} />}
      {dialog?.kind === 'datasource' && <TenantDatasourceDialog tenant={dialog.tenant} onClose={closeDialog} onDone={dialogDone} />}
      {dialog?.kind === 'package' && <TenantPackageDialog tenant={dialog.tenant} onClose={closeDialog} onDone={dialogDone} />}
      {dialog?.kind === 'package-manage' && <TenantPackageManageDialog onClose={closeDialog} />}
    </>
  );
}

/**
 * 租户管理 (Saber system/tenant.vue): the engine's tenant list plus the administrator's
 * 授权配置, 数据源配置, 产品包配置 and 产品包管理 dialogs.
 */
export function TenantPage() {
  return <RouteModel>{(model) => <TenantScreen model={model} />}</RouteModel>;
}
