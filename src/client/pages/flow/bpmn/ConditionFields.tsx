import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { conditionText, OPERATORS, parseCondition, type ConditionParts } from './condition-text';
import { text, type GroupProps } from './panel-types';

/** 条件: variable / operator / value (`${days > 3}`, `${pass}`, `${!pass}`), or the free text below it. */
export function ConditionFields({ element, services, update }: GroupProps) {
  const { t } = useTranslation();
  const current = text(element.businessObject.conditionExpression?.body);
  const [parts, setParts] = useState<ConditionParts>(parseCondition(current) ?? { variable: '', operator: '>', value: '' });
  const write = (body: string) => update({ conditionExpression: body ? services.moddle.create('bpmn:FormalExpression', { body }) : undefined });
  const change = (patch: Partial<ConditionParts>) => {
    const next = { ...parts, ...patch };
    setParts(next);
    const body = conditionText(next);
    if (body || !next.variable) write(body);
  };
  const needsValue = parts.operator !== 'true' && parts.operator !== 'false';
  return (
    <>
      <Stack direction="row" spacing={1}>
        <TextField id="flow_prop_cond_variable" size="small" label={t('pages.flow.propCondVariable')} defaultValue={parts.variable} onBlur={(e) => change({ variable: e.target.value.trim() })} />
        <TextField id="flow_prop_cond_operator" select size="small" sx={{ minWidth: 90 }} label={t('pages.flow.propCondOperator')} value={parts.operator} onChange={(e) => change({ operator: e.target.value as ConditionParts['operator'] })}>
          {OPERATORS.map((op) => (
            <MenuItem key={op} value={op} data-op={op}>{op === 'true' || op === 'false' ? t(`pages.flow.condOp_${op}`) : op}</MenuItem>
          ))}
        </TextField>
      </Stack>
      {needsValue && <TextField id="flow_prop_cond_value" size="small" fullWidth label={t('pages.flow.propCondValue')} defaultValue={parts.value} onBlur={(e) => change({ value: e.target.value.trim() })} />}
      <TextField id="flow_prop_condition" key={`${element.id}-${current}`} size="small" fullWidth label={t('pages.flow.propCondition')} helperText={t('pages.flow.propConditionHelp')} defaultValue={current}
        onBlur={(e) => { const v = e.target.value.trim(); if (v !== current) { write(v); setParts(parseCondition(v) ?? parts); } }} />
    </>
  );
}
