import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { UserOption } from '../flow-api';
import { text, type GroupProps } from './panel-types';

/** The variable `flowable:initiator` names on the start event when a task goes to the starter. */
const STARTER = 'starter';
/** The starter's department head: the server resolves this variable when the instance starts. */
const STARTER_EXPR = `\${${STARTER}}`;

// No 发起人的部门负责人: a department has no head in the data yet, so such a task would reach nobody.
type Mode = 'none' | 'user' | 'expression' | 'starter';

function modeOf(assignee: string, users: UserOption[]): Mode {
  if (!assignee) return 'none';
  if (assignee === STARTER_EXPR) return 'starter';
  if (users.some((u) => u.id === assignee) || !assignee.includes('$')) return 'user';
  return 'expression';
}

/** 办理人: a user of the tenant, an expression, the starter or the starter's department head. */
export function AssigneeFields({ element, services, update, users }: GroupProps & { users: UserOption[] }) {
  const { t } = useTranslation();
  const assignee = text(element.businessObject.get('flowable:assignee'));
  const mode = modeOf(assignee, users);
  const markStarter = () => {
    const start = services.elementRegistry.filter((e) => e.type === 'bpmn:StartEvent')[0];
    if (start && start.businessObject.get('flowable:initiator') !== STARTER) services.modeling.updateProperties(start, { 'flowable:initiator': STARTER });
  };
  const pickMode = (next: Mode) => {
    if (next === 'starter') markStarter();
    const value = { none: undefined, user: users[0]?.id, expression: '${taskUser}', starter: STARTER_EXPR }[next];
    update({ 'flowable:assignee': value });
  };
  return (
    <>
      <TextField id="flow_prop_assignee_mode" select size="small" fullWidth label={t('pages.flow.propAssignee')} value={mode} onChange={(e) => pickMode(e.target.value as Mode)}>
        {(['none', 'user', 'expression', 'starter'] as const).map((m) => (
          <MenuItem key={m} value={m} data-mode={m}>{t(`pages.flow.assigneeMode_${m}`)}</MenuItem>
        ))}
      </TextField>
      {mode === 'user' && (
        <TextField id="flow_prop_assignee_user" select size="small" fullWidth label={t('pages.flow.propAssigneeUser')} value={users.some((u) => u.id === assignee) ? assignee : ''} onChange={(e) => update({ 'flowable:assignee': e.target.value })}>
          {users.map((u) => (
            <MenuItem key={u.id} value={u.id} data-account={u.account}>{u.realName ? `${u.realName} (${u.account})` : u.account}</MenuItem>
          ))}
        </TextField>
      )}
      {mode === 'expression' && (
        <TextField id="flow_prop_assignee" key={`${element.id}-${assignee}`} size="small" fullWidth label={t('pages.flow.propAssigneeExpression')} helperText={t('pages.flow.propAssigneeHelp')} defaultValue={assignee} onBlur={(e) => update({ 'flowable:assignee': e.target.value.trim() || undefined })} />
      )}
    </>
  );
}
