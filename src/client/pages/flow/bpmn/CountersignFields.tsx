import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { completionText, readCountersign, type CountersignMode } from './multi-instance';
import { text, type GroupProps } from './panel-types';

const COLLECTION = '${approverList}';
const ELEMENT_VARIABLE = 'approver';

/**
 * 会签: parallel instances over a collection variable (one per approver), finished when all, any
 * one or a ratio approved. Each instance's assignee is the element variable.
 */
export function CountersignFields({ element, services, update }: GroupProps) {
  const { t } = useTranslation();
  const loop = element.businessObject.loopCharacteristics;
  const isMulti = loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics';
  const { mode, ratio } = readCountersign(loop?.completionCondition?.body, isMulti);
  const collection = isMulti ? text(loop.get('flowable:collection')) || COLLECTION : COLLECTION;
  const write = (next: CountersignMode, nextRatio: number, nextCollection: string) => {
    if (next === 'none') return update({ loopCharacteristics: undefined });
    const elementVariable = (isMulti && text(loop.get('flowable:elementVariable'))) || ELEMENT_VARIABLE;
    const characteristics = services.moddle.create('bpmn:MultiInstanceLoopCharacteristics', { isSequential: false });
    characteristics.set('flowable:collection', nextCollection);
    characteristics.set('flowable:elementVariable', elementVariable);
    characteristics.completionCondition = services.moddle.create('bpmn:FormalExpression', { body: completionText(next, nextRatio) });
    const props: Record<string, unknown> = { loopCharacteristics: characteristics };
    if (!text(element.businessObject.get('flowable:assignee'))) props['flowable:assignee'] = `\${${elementVariable}}`;
    update(props);
  };
  return (
    <>
      <TextField id="flow_prop_countersign" select size="small" fullWidth label={t('pages.flow.propCountersign')} value={mode} onChange={(e) => write(e.target.value as CountersignMode, ratio, collection)}>
        {(['none', 'all', 'any', 'ratio'] as const).map((m) => (
          <MenuItem key={m} value={m} data-mode={m}>{t(`pages.flow.countersign_${m}`)}</MenuItem>
        ))}
      </TextField>
      {mode === 'ratio' && (
        <TextField id="flow_prop_countersign_ratio" key={`${element.id}-${ratio}`} size="small" type="number" fullWidth label={t('pages.flow.propCountersignRatio')} inputProps={{ min: 0.01, max: 1, step: 0.05 }} defaultValue={ratio}
          onBlur={(e) => { const r = Number(e.target.value); if (r > 0 && r <= 1) write('ratio', r, collection); }} />
      )}
      {mode !== 'none' && (
        <TextField id="flow_prop_countersign_collection" key={`${element.id}-${collection}`} size="small" fullWidth label={t('pages.flow.propCountersignCollection')} helperText={t('pages.flow.propCountersignCollectionHelp')} defaultValue={collection}
          onBlur={(e) => write(mode, ratio, e.target.value.trim() || COLLECTION)} />
      )}
    </>
  );
}
