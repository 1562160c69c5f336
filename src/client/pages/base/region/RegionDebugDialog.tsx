import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ActionDialog } from '../../../components/ActionDialog';
import { CASCADE_LEVELS, useRegionCascade } from './use-region-cascade';

/** 行政区划数据调试 (350 px): the region cascader as a form would use it, 省份 → 地市 → 区县. */
export function RegionDebugDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const cascade = useRegionCascade();
  return (
    <ActionDialog id="region_debug_dialog" title={t('pages.region.debugDialog')} width={350} readOnly onClose={onClose}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {CASCADE_LEVELS.map((level) => (
          <TextField
            key={level}
            select
            size="small"
            id={`region_debug_${level}`}
            label={t(`pages.region.${level}`)}
            value={cascade.picked[level] ?? ''}
            onChange={(e) => cascade.pick(level, e.target.value)}
          >
            {(cascade.options[level] ?? []).map((option) => (
              <MenuItem key={option.code} value={option.code}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
        ))}
        <Typography id="region_debug_value" variant="body2" color="text.secondary">
          {cascade.text}
        </Typography>
      </Stack>
    </ActionDialog>
  );
}
