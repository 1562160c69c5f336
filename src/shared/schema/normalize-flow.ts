import type { FieldModel, FlowModel } from './entity-model.js';
import { FLOW_INSTANCE_FIELD, FLOW_STATUS_FIELD, FLOW_STATUS_LABELS, FLOW_STATUSES, SUBMIT_APPROVAL_ACTION } from './flow-status.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FLOW_PROPERTIES: Json = {
  [FLOW_STATUS_FIELD]: {
    type: 'string', enum: [...FLOW_STATUSES], readOnly: true, 'x-column': 'flow_status', 'x-column-default': 'draft',
    'x-label': { zh: '审批状态', en: 'Approval status' }, 'x-hidden': ['add', 'edit'],
  },
  [FLOW_INSTANCE_FIELD]: {
    type: 'string', 'x-type': 'id', readOnly: true, 'x-label': { zh: '流程实例', en: 'Process instance' }, 'x-hidden': ['add', 'edit'],
  },
};

const SUBMIT_ACTION: Json = {
  key: SUBMIT_APPROVAL_ACTION,
  label: { zh: '提交审批', en: 'Submit for approval' },
  icon: 'iconfont iconicon_send',
  show: 'row',
  rows: 'one',
  confirm: { zh: '确定提交审批?', en: 'submit this record for approval?' },
  run: { kind: 'hook', transaction: false },
};

/**
 * `x-flow`: the entity's rows go through a process. The authored schema gains what the
 * engine manages for it, so nothing else in the schema need say it: the status and instance
 * fields (read-only, never from a request), the status as a list column, and the row action
 * 提交审批 (answered by the flow module's hook). Other schemas pass through unchanged.
 */
export function withFlow(json: Json): Json {
  if (!json['x-flow']) return json;
  const list: Json = json['x-list'] ?? {};
  const columns = list.columns ? [...list.columns, FLOW_STATUS_FIELD] : undefined;
  return {
    ...json,
    properties: { ...json.properties, ...FLOW_PROPERTIES },
    'x-list': { ...list, ...(columns ? { columns } : {}) },
    'x-actions': [...(json['x-actions'] ?? []), SUBMIT_ACTION],
  };
}

/** The `x-flow` of an entity as its model says it; every field it names must be the entity's own. */
export function normalizeFlow(raw: Json | undefined, check: { field(name: string, pointer: string): unknown; fail(pointer: string, detail: string): never }): FlowModel | undefined {
  if (!raw) return undefined;
  const managed = Object.keys(FLOW_PROPERTIES);
  const own = (name: string, at: string) => {
    if (managed.includes(name)) check.fail(at, `"${name}" is managed by the engine for x-flow, not a business field`);
    check.field(name, at);
  };
  const fields: string[] = raw.fields ?? [];
  fields.forEach((f, i) => own(f, `/x-flow/fields/${i}`));
  const variables: Record<string, string> = raw.variables ?? {};
  for (const [name, field] of Object.entries(variables)) own(field, `/x-flow/variables/${name}`);
  return { process: raw.process, fields, variables };
}

/** The status field of an x-flow entity shows its values in words (审批中 / In approval); other fields are as they are. */
export function withFlowLabels(json: Json, field: FieldModel): FieldModel {
  return json['x-flow'] && field.name === FLOW_STATUS_FIELD ? { ...field, valueLabels: FLOW_STATUS_LABELS } : field;
}
