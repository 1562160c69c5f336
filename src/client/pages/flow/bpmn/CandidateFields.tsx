import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { text, type GroupProps } from './panel-types';

interface Option {
  value: string;
  label: string;
}

interface CandidateProps extends GroupProps {
  attr: 'flowable:candidateUsers' | 'flowable:candidateGroups';
  idBase: string;
  label: string;
  help: string;
  options: Option[];
}

const split = (list: string) => list.split(',').map((s) => s.trim()).filter(Boolean);

/** 候选人 / 候选角色: a comma list, typed or added from the tenant's users (ids) or roles (aliases). */
export function CandidateFields({ element, update, attr, idBase, label, help, options }: CandidateProps) {
  const { t } = useTranslation();
  const value = text(element.businessObject.get(attr));
  const save = (list: string[]) => update({ [attr]: list.length ? [...new Set(list)].join(',') : undefined });
  return (
    <>
      <TextField id={idBase} key={`${element.id}-${value}`} size="small" fullWidth label={label} helperText={help} defaultValue={value} onBlur={(e) => save(split(e.target.value))} />
      <TextField id={`${idBase}_pick`} select size="small" fullWidth label={t('pages.flow.propAddFromList')} value="" onChange={(e) => save([...split(value), e.target.value])}>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value} data-value={o.value}>{o.label}</MenuItem>
        ))}
      </TextField>
    </>
  );
}
