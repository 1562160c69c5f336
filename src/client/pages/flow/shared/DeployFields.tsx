import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useAsync } from '../../shared/use-async';
import { fetchTenants } from '../flow-api';
import { categoryOf, useFlowDict } from './use-flow-dict';

/** 流程类型, 流程模式 (通用流程 = 1 / 定制流程 = 2) and, for mode 2, 所属租户. */
export interface DeployChoice {
  category: string;
  mode: '1' | '2';
  tenantIds: string[];
}

export const EMPTY_DEPLOY_CHOICE: DeployChoice = { category: '', mode: '1', tenantIds: [] };

/** The message that blocks a deployment (清先选择流程类型 / 清先选择对应租户), else undefined. */
export function deployChoiceProblem(choice: DeployChoice): 'chooseCategory' | 'chooseTenant' | undefined {
  if (!choice.category) return 'chooseCategory';
  if (choice.mode === '2' && choice.tenantIds.length === 0) return 'chooseTenant';
  return undefined;
}

/** The parameters a deployment sends: `flow_<key>` and the tenants (none for a shared process). */
export function deployParams(choice: DeployChoice): { category: string; tenantIds: string } {
  return { category: categoryOf(choice.category), tenantIds: choice.mode === '2' ? choice.tenantIds.join(',') : '' };
}

function TenantSelect({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const { data = [] } = useAsync(fetchTenants, []);
  return (
    <TextField
      id="flow_deploy_tenants"
      select
      size="small"
      fullWidth
      label={t('pages.flow.tenant')}
      placeholder={t('pages.flow.tenantPlaceholder')}
      value={value}
      slotProps={{ select: { multiple: true } }}
      onChange={(event) => onChange(event.target.value as unknown as string[])}
    >
      {data.map((tenant) => (
        <MenuItem key={tenant.tenantId} value={tenant.tenantId} data-tenant={tenant.tenantId}>
          {tenant.tenantName}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The deployment's fields, shared by 模型管理's 部署 dialog and the 流程部署 screen. */
export function DeployFields({ value, onChange }: { value: DeployChoice; onChange: (next: DeployChoice) => void }) {
  const { t } = useTranslation();
  const { items } = useFlowDict();
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField
        id="flow_deploy_category"
        select
        size="small"
        fullWidth
        label={t('pages.flow.flowCategory')}
        value={value.category}
        helperText={value.category ? undefined : t('pages.flow.flowCategoryPlaceholder')}
        onChange={(event) => onChange({ ...value, category: event.target.value })}
      >
        {items.map((item) => (
          <MenuItem key={item.dictKey} value={item.dictKey} data-category={item.dictKey}>
            {item.dictValue}
          </MenuItem>
        ))}
      </TextField>
      <Stack>
        <FormLabel id="flow_deploy_mode_label">{t('pages.flow.flowMode')}</FormLabel>
        <RadioGroup
          row
          id="flow_deploy_mode"
          aria-labelledby="flow_deploy_mode_label"
          value={value.mode}
          onChange={(event) => onChange({ ...value, mode: event.target.value as DeployChoice['mode'] })}
        >
          <FormControlLabel value="1" control={<Radio size="small" />} label={t('pages.flow.modeShared')} />
          <FormControlLabel value="2" control={<Radio size="small" />} label={t('pages.flow.modeTenant')} />
        </RadioGroup>
      </Stack>
      {value.mode === '2' && <TenantSelect value={value.tenantIds} onChange={(tenantIds) => onChange({ ...value, tenantIds })} />}
    </Stack>
  );
}
