import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ActionDialog } from '../../../components/ActionDialog';
import { CheckboxTree } from '../../../components/CheckboxTree';
import { splitValues } from '../../../engine/data/values';
import { useAsync } from '../../shared/use-async';
import { useSubmit } from '../../shared/use-submit';
import type { TenantRowDialogProps } from './TenantDatasourceDialog';
import { fetchMenuTree, fetchPackageDetail, fetchPackages, saveTenantPackage } from './tenant-api';

/**
 * 租户产品包配置: a package for one tenant → `tenant/package-setting`, with the chosen
 * package's menus shown read-only in the menu tree (菜单预览).
 */
export function TenantPackageDialog({ tenant, onClose, onDone }: TenantRowDialogProps) {
  const { t } = useTranslation();
  const tenantId = String(tenant.tenantId ?? '');
  const loaded = useAsync(async () => {
    const [packages, current, menus] = await Promise.all([fetchPackages(), fetchPackageDetail(tenantId), fetchMenuTree()]);
    return { packages, current, menus };
  }, [tenantId]);
  const [packageId, setPackageId] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, run } = useSubmit(onDone);
  useEffect(() => {
    const current = loaded.data?.current.id ?? tenant.packageId;
    if (current !== undefined && current !== null) setPackageId(String(current));
  }, [loaded.data, tenant.packageId]);

  const chosen = loaded.data?.packages.find((p) => String(p.id) === packageId);
  const missing = tried && !chosen;
  const save = () => {
    setTried(true);
    if (chosen) void run(() => saveTenantPackage({ tenantId, packageId }));
  };
  return (
    <ActionDialog
      id="tenant_package_dialog"
      title={t('pages.tenant.packageDialog')}
      width={560}
      busy={busy}
      submitDisabled={!loaded.data}
      onSubmit={save}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {loaded.loading && <LinearProgress />}
        <TextField
          select
          id="tenant_package_packageId"
          label={t('pages.tenant.packageField')}
          required
          value={chosen ? packageId : ''}
          error={missing}
          helperText={missing ? t('pages.tenant.packageRequired') : undefined}
          onChange={(e) => setPackageId(e.target.value)}
        >
          {(loaded.data?.packages ?? []).map((p) => (
            <MenuItem key={String(p.id)} value={String(p.id)}>
              {p.packageName ?? String(p.id)}
            </MenuItem>
          ))}
        </TextField>
        <FormLabel>{t('pages.tenant.menuPreview')}</FormLabel>
        <CheckboxTree
          id="tenant_package_menu"
          nodes={loaded.data?.menus ?? []}
          checked={splitValues(chosen?.menuId)}
          disabled
          onChange={() => undefined}
        />
      </Stack>
    </ActionDialog>
  );
}
