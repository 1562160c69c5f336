import type { LocalText } from './entity-model.js';

/** The server-managed fields and the action `x-flow` gives an entity (normalize-flow.ts). */
export const FLOW_STATUS_FIELD = 'flowStatus';
export const FLOW_INSTANCE_FIELD = 'processInstanceId';
export const SUBMIT_APPROVAL_ACTION = 'submit-approval';
/** draft → running → completed | rejected; withdrawn when the instance is ended before its end. */
export const FLOW_STATUSES = ['draft', 'running', 'completed', 'rejected', 'withdrawn'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];
/** The statuses a row may be submitted from (and edited or removed in). */
export const SUBMITTABLE_STATUSES: readonly FlowStatus[] = ['draft', 'withdrawn', 'rejected'];

export const FLOW_STATUS_LABELS: Record<FlowStatus, LocalText> = {
  draft: { zh: '草稿', en: 'Draft' },
  running: { zh: '审批中', en: 'In approval' },
  completed: { zh: '已通过', en: 'Approved' },
  rejected: { zh: '已驳回', en: 'Rejected' },
  withdrawn: { zh: '已撤回', en: 'Withdrawn' },
};

/** Whether an x-flow entity's row may be submitted for approval (and changed): none of its approval runs or is done. */
export function isSubmittable(model: { flow?: unknown }, row: Record<string, unknown>): boolean {
  return model.flow !== undefined && (SUBMITTABLE_STATUSES as readonly string[]).includes(String(row[FLOW_STATUS_FIELD] ?? 'draft'));
}

/** Whether an x-flow entity's row is locked: its approval runs or is completed (no edit, no delete). */
export function isApprovalLocked(model: { flow?: unknown }, row: Record<string, unknown>): boolean {
  return model.flow !== undefined && !isSubmittable(model, row);
}
