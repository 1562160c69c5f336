import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { text, type GroupProps } from './panel-types';

const TYPES = ['string', 'long', 'boolean', 'date', 'enum'] as const;
const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;

type Variable = { id: string; name: string; type: string };

/** 表单 (formKey), 到期 (an ISO 8601 duration such as P2D) and the variables the task may set (flowable:formProperty). */
export function TaskFormFields({ element, services, update }: GroupProps) {
  const { t } = useTranslation();
  const bo = element.businessObject;
  const formKey = text(bo.get('flowable:formKey'));
  const dueDate = text(bo.get('flowable:dueDate'));
  const others = (bo.extensionElements?.values ?? []).filter((v: { $type: string }) => v.$type !== 'flowable:FormProperty');
  const variables: Variable[] = (bo.extensionElements?.values ?? []).filter((v: { $type: string }) => v.$type === 'flowable:FormProperty').map((v: any) => ({ id: text(v.id), name: text(v.name), type: text(v.type) || 'string' }));
  const saveVariables = (list: Variable[]) => {
    const values = [...others, ...list.filter((v) => v.id).map((v) => services.moddle.create('flowable:FormProperty', Object.fromEntries(Object.entries(v).filter(([, x]) => x))))];
    update({ extensionElements: values.length ? services.moddle.create('bpmn:ExtensionElements', { values }) : undefined });
  };
  const edit = (index: number, patch: Partial<Variable>) => saveVariables(variables.map((v, i) => (i === index ? { ...v, ...patch } : v)));
  return (
    <>
      <TextField id="flow_prop_form_key" key={`${element.id}-fk-${formKey}`} size="small" fullWidth label={t('pages.flow.propFormKey')} helperText={t('pages.flow.propFormKeyHelp')} defaultValue={formKey} onBlur={(e) => update({ 'flowable:formKey': e.target.value.trim() || undefined })} />
      <TextField id="flow_prop_due_date" key={`${element.id}-dd-${dueDate}`} size="small" fullWidth label={t('pages.flow.propDueDate')} helperText={t('pages.flow.propDueDateHelp')} defaultValue={dueDate}
        onBlur={(e) => { const v = e.target.value.trim().toUpperCase(); if (!v || DURATION.test(v) || v.startsWith('${')) update({ 'flowable:dueDate': v || undefined }); else e.target.value = dueDate; }} />
      <Typography variant="caption" color="text.secondary">{t('pages.flow.propVariables')}</Typography>
      {variables.map((v, i) => (
        <Stack key={`${element.id}-${i}-${v.id}`} direction="row" spacing={0.5} data-variable={v.id}>
          <TextField size="small" label={t('pages.flow.propVariableId')} defaultValue={v.id} onBlur={(e) => edit(i, { id: e.target.value.trim() })} />
          <TextField size="small" label={t('pages.flow.propVariableName')} defaultValue={v.name} onBlur={(e) => edit(i, { name: e.target.value.trim() })} />
          <TextField select size="small" sx={{ minWidth: 80 }} label={t('pages.flow.propVariableType')} value={v.type} onChange={(e) => edit(i, { type: e.target.value })}>
            {TYPES.map((ty) => <MenuItem key={ty} value={ty}>{ty}</MenuItem>)}
          </TextField>
          <IconButton size="small" aria-label={t('pages.flow.remove')} onClick={() => saveVariables(variables.filter((_, j) => j !== i))}>×</IconButton>
        </Stack>
      ))}
      <Button id="flow_prop_add_variable" size="small" onClick={() => saveVariables([...variables, { id: `var${variables.length + 1}`, name: '', type: 'string' }])}>{t('pages.flow.propAddVariable')}</Button>
    </>
  );
}
