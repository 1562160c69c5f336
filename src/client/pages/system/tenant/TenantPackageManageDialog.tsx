import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { ActionDialog } from '../../../components/ActionDialog';
import { ResourcePage } from '../../../engine/ResourcePage';
import { useModelByKey } from '../../shared/RouteModel';

/** 租户产品包管理 (1000 px): the tenant-package screen inside a dialog (ids prefixed `package_`). */
export function TenantPackageManageDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const model = useModelByKey('system/tenant-package');
  return (
    <ActionDialog id="tenant_package_manage_dialog" title={t('pages.tenant.packageManageDialog')} width={1000} readOnly onClose={onClose}>
      {model ? <ResourcePage model={model} scope="package_" /> : <Alert severity="warning">{t('pages.common.modelMissing')}</Alert>}
    </ActionDialog>
  );
}
