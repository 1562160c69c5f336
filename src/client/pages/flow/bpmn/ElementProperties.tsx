import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AssigneeFields } from './AssigneeFields';
import { CandidateFields } from './CandidateFields';
import { ConditionFields } from './ConditionFields';
import { CountersignFields } from './CountersignFields';
import { TaskFormFields } from './TaskFormFields';
import type { ModelerServices, Shape } from './panel-types';
import { useTenantPeople } from './use-tenant-people';

export type { ModelerServices } from './panel-types';

/**
 * 属性: the selected user task's people, 会签, form and variables, and the selected flow's
 * condition, written as Flowable's own attributes (`flowable:assignee` …) through modeling
 * commands, so undo works and the saved XML is what a Flowable modeler writes.
 */
export function ElementProperties({ services }: { services: ModelerServices }) {
  const { t } = useTranslation();
  const { users, roles } = useTenantPeople();
  const [element, setElement] = useState<Shape>();
  const [version, redraw] = useState(0);
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
  const group = element ? { element, services, update } : undefined;
  return (
    <Box id="flow_properties" data-version={version} sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0, maxHeight: { md: 620 }, overflowY: 'auto', pt: 1 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>{t('pages.flow.propertiesTitle')}</Typography>
      {group && element?.type === 'bpmn:UserTask' ? (
        <Stack spacing={1.5} key={element.id}>
          <AssigneeFields {...group} users={users} />
          <CandidateFields {...group} attr="flowable:candidateUsers" idBase="flow_prop_candidate_users" label={t('pages.flow.propCandidateUsers')} help={t('pages.flow.propCandidateUsersHelp')}
            options={users.map((u) => ({ value: u.id, label: u.realName ? `${u.realName} (${u.account})` : u.account }))} />
          <CandidateFields {...group} attr="flowable:candidateGroups" idBase="flow_prop_candidate_groups" label={t('pages.flow.propCandidateGroups')} help={t('pages.flow.propCandidateGroupsHelp')}
            options={roles.map((r) => ({ value: r.alias, label: `${r.name} (${r.alias})` }))} />
          <Divider />
          <CountersignFields {...group} />
          <Divider />
          <TaskFormFields {...group} />
        </Stack>
      ) : group && element?.type === 'bpmn:SequenceFlow' ? (
        <Stack spacing={1.5} key={element.id}>
          <ConditionFields {...group} />
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">{t('pages.flow.propertiesHint')}</Typography>
      )}
    </Box>
  );
}
