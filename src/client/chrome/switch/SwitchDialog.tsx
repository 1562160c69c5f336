import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSwitchForm, type SwitchField } from './use-switch-form';

/** 用户信息选择 (switchMode): pick a department and a role, then 切换 re-issues the tokens for them. */
export function SwitchDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const form = useSwitchForm(onClose);
  const select = (field: SwitchField, label: string, options: { id: string; name: string }[]) => (
    <TextField
      id={`switch_dialog_${field}`}
      select
      fullWidth
      size="small"
      label={label}
      required
      value={options.some((o) => o.id === form.values[field]) ? form.values[field] : ''}
      error={form.missing.has(field)}
      helperText={form.missing.has(field) ? t(`switch.${field}Required`) : ' '}
      onChange={(e) => form.change(field, e.target.value)}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth slotProps={{ paper: { id: 'switch_dialog' } }} aria-labelledby="switch_dialog_title">
      <DialogTitle id="switch_dialog_title">{t('switch.title')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
          {select('deptId', t('switch.dept'), form.depts)}
          {select('roleId', t('switch.role'), form.roles)}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button id="switch_dialog_cancel" onClick={onClose}>
          {t('cancelText')}
        </Button>
        <Button id="switch_dialog_submit" variant="contained" disabled={form.busy} onClick={() => void form.submit()}>
          {t('switch.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
