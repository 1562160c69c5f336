import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ActionDialog } from '../../../components/ActionDialog';
import type { ResourceRow } from '../../../engine/data/resource-api';
import { useAsync } from '../../shared/use-async';
import { useSubmit } from '../../shared/use-submit';
import { fetchDatasources, saveTenantDatasource } from './tenant-api';

export interface TenantRowDialogProps {
  tenant: ResourceRow;
  onClose: () => void;
  onDone: () => void;
}

/**
 * 租户数据源配置: a data source for one tenant → `tenant/datasource`. When the list
 * cannot be loaded (the code-generator module is not served yet) the select stays empty
 * and a warning says why.
 */
export function TenantDatasourceDialog({ tenant, onClose, onDone }: TenantRowDialogProps) {
  const { t } = useTranslation();
  const options = useAsync(fetchDatasources, []);
  const [datasourceId, setDatasourceId] = useState(String(tenant.datasourceId ?? ''));
  const [tried, setTried] = useState(false);
  const { busy, run } = useSubmit(onDone);
  const known = (options.data ?? []).some((o) => o.id === datasourceId);
  const missing = tried && !known;
  const save = () => {
    setTried(true);
    if (known) void run(() => saveTenantDatasource({ tenantId: String(tenant.tenantId ?? ''), datasourceId }));
  };
  return (
    <ActionDialog
      id="tenant_datasource_dialog"
      title={t('pages.tenant.datasourceDialog')}
      width={450}
      busy={busy}
      submitDisabled={options.loading || options.failed}
      onSubmit={save}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {options.loading && <LinearProgress />}
        {options.failed && (
          <Alert severity="warning" id="tenant_datasource_unavailable">
            {t('pages.tenant.datasourceUnavailable')}
          </Alert>
        )}
        <TextField
          select
          id="tenant_datasource_datasourceId"
          label={t('pages.tenant.datasourceField')}
          required
          value={known ? datasourceId : ''}
          error={missing}
          helperText={missing ? t('pages.tenant.datasourceRequired') : undefined}
          disabled={options.failed}
          onChange={(e) => setDatasourceId(e.target.value)}
        >
          {(options.data ?? []).map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </ActionDialog>
  );
}
