import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** The variable `flowable:initiator` names on the start event when a task goes to the starter. */
const STARTER = 'starter';

type Shape = { id: string; type: string; businessObject: Record<string, any> };

/** What the panel needs of the modeler: its selection and the modeling commands (undoable). */
export interface ModelerServices {
  modeling: { updateProperties(element: Shape, props: Record<string, unknown>): void };
  moddle: { create(type: string, attrs: Record<string, unknown>): unknown };
  elementRegistry: { filter(fn: (e: Shape) => boolean): Shape[] };
  eventBus: { on(event: string, fn: (e: { newSelection: Shape[] }) => void): void; off(event: string, fn: unknown): void };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * 属性: the selected user task's assignee, candidate users and roles, and the selected flow's
 * condition, written as Flowable's own attributes (`flowable:assignee` …) through modeling
 * commands, so undo works and the saved XML is what a Flowable modeler writes.
 */
export function ElementProperties({ services }: { services: ModelerServices }) {
  const { t } = useTranslation();
  const [element, setElement] = useState<Shape>();
  const [, redraw] = useState(0);
  useEffect(() => {
    const onSelect = (e: { newSelection: Shape[] }) => setElement(e.newSelection.length === 1 ? e.newSelection[0] : undefined);
    services.eventBus.on('selection.changed', onSelect);
    return () => services.eventBus.off('selection.changed', onSelect);
  }, [services]);
  const update = (props: Record<string, unknown>) => {
    if (!element) return;
    services.modeling.updateProperties(element, props);
    redraw((n) => n + 1);
  };
  const toStarter = () => {
    const start = services.elementRegistry.filter((e) => e.type === 'bpmn:StartEvent')[0];
    if (start) services.modeling.updateProperties(start, { 'flowable:initiator': STARTER });
    update({ 'flowable:assignee': `\${${STARTER}}` });
  };
  const bo = element?.businessObject;
  const field = (id: string, label: string, help: string, value: string, onChange: (v: string) => void) => (
    <TextField id={id} key={`${element?.id}-${id}`} size="small" fullWidth label={label} helperText={help} defaultValue={value} onBlur={(e) => onChange(e.target.value.trim())} />
  );
  return (
    <Box id="flow_properties" sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>{t('pages.flow.propertiesTitle')}</Typography>
      {element?.type === 'bpmn:UserTask' && bo ? (
        <Stack spacing={1.5}>
          {field('flow_prop_assignee', t('pages.flow.propAssignee'), t('pages.flow.propAssigneeHelp'), text(bo.get('flowable:assignee')), (v) => update({ 'flowable:assignee': v || undefined }))}
          <Button id="flow_prop_starter" size="small" variant="outlined" onClick={toStarter}>{t('pages.flow.propStarter')}</Button>
          {field('flow_prop_candidate_users', t('pages.flow.propCandidateUsers'), t('pages.flow.propCandidateUsersHelp'), text(bo.get('flowable:candidateUsers')), (v) => update({ 'flowable:candidateUsers': v || undefined }))}
          {field('flow_prop_candidate_groups', t('pages.flow.propCandidateGroups'), t('pages.flow.propCandidateGroupsHelp'), text(bo.get('flowable:candidateGroups')), (v) => update({ 'flowable:candidateGroups': v || undefined }))}
        </Stack>
      ) : element?.type === 'bpmn:SequenceFlow' && bo ? (
        field('flow_prop_condition', t('pages.flow.propCondition'), t('pages.flow.propConditionHelp'), text(bo.conditionExpression?.body), (v) =>
          update({ conditionExpression: v ? services.moddle.create('bpmn:FormalExpression', { body: v }) : undefined }))
      ) : (
        <Typography variant="body2" color="text.secondary">{t('pages.flow.propertiesHint')}</Typography>
      )}
    </Box>
  );
}
