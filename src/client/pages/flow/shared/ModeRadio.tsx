import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

/** The toolbar radio 通用流程 (1) / 定制流程 (2), sent as `mode`. */
export function ModeRadio({ value, onChange }: { value: '1' | '2'; onChange: (mode: '1' | '2') => void }) {
  const { t } = useTranslation();
  return (
    <RadioGroup row id="flow_mode" value={value} onChange={(event) => onChange(event.target.value as '1' | '2')}>
      <FormControlLabel value="1" control={<Radio size="small" />} label={t('pages.flow.modeShared')} />
      <FormControlLabel value="2" control={<Radio size="small" />} label={t('pages.flow.modeTenant')} />
    </RadioGroup>
  );
}
