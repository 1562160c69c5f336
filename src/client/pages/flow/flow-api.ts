/**
 * The workflow endpoints the console calls (bladex-backend §4.19, Saber's `api/flow`):
 * query parameters where Saber sends `params`, JSON bodies for model/submit,
 * work/complete-task and leave/start-process.
 */
import { ApiError, basicAuthorization, request, requestRaw } from '../../api/http';
import { toast } from '../../ui/toast';
import { currentLang } from '../../i18n/i18n';
import { getSession } from '../../session/session-store';
import { siteConfig } from '../../site-config';

export type Row = Record<string, any>;

export interface Page<T = Row> {
  records: T[];
  total: number;
  size: number;
  current: number;
}

export interface FlowModel {
  id?: string;
  modelKey: string;
  name: string;
  description?: string;
  modelEditorXml?: string;
  version?: number;
}

/** One step of an instance's history (history-flow-list). */
export interface HistoryStep {
  historyActivityId: string;
  historyActivityName?: string;
  createTime?: string;
  endTime?: string;
  durationTime?: string;
  assignee?: string;
  assigneeName?: string;
  comment?: string;
  /** How the step ended: ok / no (complete-task), transfer, delegate, back, withdraw, copy, urge, timeout … */
  flag?: string;
}

export interface LeaveInput {
  processDefinitionId: string;
  taskUser: string;
  startTime: string;
  endTime: string;
  reason: string;
  days: number;
}

/** `process/model-view`: the XML and, optionally, the activity ids to mark. */
export interface InstanceView {
  xml: string;
  activeActivityIds?: string[];
  finishedActivityIds?: string[];
}

export function fetchPage(url: string, params: Record<string, unknown>): Promise<Page> {
  return request<Page>({ url, params });
}

export const modelApi = {
  detail: (id: string) => request<FlowModel>({ url: '/blade-flow/model/detail', params: { id } }),
  /** Silent: a refusal's message is shown under the modeler, not only in a toast. */
  submit: (model: FlowModel) => request<FlowModel>({ method: 'POST', url: '/blade-flow/model/submit', data: model, silent: true }),
  remove: (ids: string) => request({ method: 'POST', url: '/blade-flow/model/remove', params: { ids } }),
  deploy: (input: { modelId: string; category: string; tenantIds: string }) =>
    request({ method: 'POST', url: '/blade-flow/model/deploy', params: input }),
};

export const managerApi = {
  changeState: (input: { processId: string; state: 'active' | 'suspend' }) =>
    request({ method: 'POST', url: '/blade-flow/manager/change-state', params: input }),
  deleteDeployment: (deploymentIds: string) =>
    request({ method: 'POST', url: '/blade-flow/manager/delete-deployment', params: { deploymentIds } }),
  checkUpload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<{ name?: string; success?: boolean }>({ method: 'POST', url: '/blade-flow/manager/check-upload', form });
  },
  deployUpload: (input: { category: string; tenantIds: string; files: File[] }) => {
    const form = new FormData();
    form.append('category', input.category);
    form.append('tenantIds', input.tenantIds);
    for (const file of input.files) form.append('files', file);
    return request({ method: 'POST', url: '/blade-flow/manager/deploy-upload', form });
  },
};

export const followApi = {
  deleteInstance: (input: { processInstanceId: string; deleteReason: string }) =>
    request({ method: 'POST', url: '/blade-flow/follow/delete-process-instance', params: input }),
};

export const workApi = {
  claim: (taskId: string) => request({ method: 'POST', url: '/blade-flow/work/claim-task', params: { taskId } }),
  complete: (input: { taskId: string; processInstanceId: string; flag: 'ok' | ''; comment: string }) =>
    request({ method: 'POST', url: '/blade-flow/work/complete-task', data: { ...input, variables: { pass: input.flag === 'ok' } } }),
  /** 转办; answers the server's message. */
  transfer: (input: { taskId: string; userId: string; comment: string }) =>
    requestRaw<{ msg?: string }>({ method: 'POST', url: '/blade-flow/work/transfer-task', data: input }).then((body) => body.msg ?? ''),
  history: (processInstanceId: string) =>
    request<HistoryStep[]>({ url: '/blade-flow/process/history-flow-list', params: { processInstanceId } }).then((rows) => rows ?? []),
  /** The approval actions the caller may use now on the instance (and the task). */
  actions: (input: { processInstanceId: string; taskId?: string }) =>
    request<ApprovalAction[]>({ url: '/blade-flow/work/task-actions', params: input }).then((rows) => rows ?? []),
  backNodes: (taskId: string) => request<BackNode[]>({ url: '/blade-flow/work/back-nodes', params: { taskId } }).then((rows) => rows ?? []),
  /** 委派, 完成委派, 驳回至, 撤回, 抄送, 催办; each answers the server's message. */
  delegate: (input: { taskId: string; userId: string; comment: string }) => said('/blade-flow/work/delegate-task', input),
  resolve: (input: { taskId: string; comment: string }) => said('/blade-flow/work/resolve-task', input),
  back: (input: { taskId: string; nodeId: string; comment: string }) => said('/blade-flow/work/back-task', input),
  withdraw: (input: { processInstanceId: string; comment: string }) => said('/blade-flow/work/withdraw-task', input),
  copy: (input: { taskId: string; userIds: string[]; comment: string }) => said('/blade-flow/work/copy-task', input),
  urge: (processInstanceId: string) => said('/blade-flow/work/urge-task', { processInstanceId }),
  readCopy: (processInstanceId: string) => request({ method: 'POST', url: '/blade-flow/work/read-copy', data: { processInstanceId } }),
  /** An x-flow request's row as its approvers see it: the fields its schema shows them. */
  business: (processInstanceId: string) => request<BusinessView>({ url: '/blade-flow/process/business-view', params: { processInstanceId } }),
};

/** A POST whose answer is the server's message. */
function said(url: string, data: Record<string, unknown>): Promise<string> {
  return requestRaw<{ msg?: string }>({ method: 'POST', url, data }).then((body) => body.msg ?? '');
}

/** What task-actions answers (server task-actions.ts). */
export type ApprovalAction = 'complete' | 'reject' | 'transfer' | 'delegate' | 'resolve' | 'back' | 'copy' | 'withdraw' | 'urge';

/** An earlier step a task may be sent back to. */
export interface BackNode { nodeId: string; nodeName: string; assignee: string; assigneeName: string }

/** An x-flow row for its approvers: the entity's name and each shown field's label and value in words. */
export interface BusinessView { entity: string; name: string; fields: { name: string; label: string; value: string }[] }

export const leaveApi = {
  /** Starts the process; answers the server's message. */
  start: (input: LeaveInput) =>
    requestRaw<{ msg?: string }>({ method: 'POST', url: '/blade-desk/process/leave/start-process', data: input }).then((body) => body.msg ?? ''),
  detail: (businessId: string) => request<Row>({ url: '/blade-desk/process/leave/detail', params: { businessId } }),
};

export interface UserOption {
  id: string;
  account: string;
  realName?: string;
}

export function fetchUsers(): Promise<UserOption[]> {
  return request<UserOption[]>({ url: '/blade-user/user-list' }).then((rows) =>
    (rows ?? []).map((u) => ({ id: String(u.id), account: String(u.account ?? ''), realName: u.realName })),
  );
}

export interface TenantOption {
  tenantId: string;
  tenantName: string;
}

export function fetchTenants(): Promise<TenantOption[]> {
  return request<Row[]>({ url: '/blade-system/tenant/select' }).then((rows) =>
    (rows ?? []).map((r) => ({ tenantId: String(r.tenantId), tenantName: String(r.tenantName ?? r.tenantId) })),
  );
}

/** GET a text resource (a definition's XML), with the session's headers; a JSON envelope is a refusal. */
async function fetchText(url: string, params: Record<string, string>): Promise<string> {
  const headers = new Headers({ Authorization: basicAuthorization(), 'Accept-Language': currentLang() });
  const token = getSession().token;
  if (token) headers.set(siteConfig.tokenHeader, `bearer ${token}`);
  const res = await fetch(`/api${url}?${new URLSearchParams(params)}`, { headers, credentials: 'include' });
  const type = res.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const body = await res.json().catch(() => ({}));
    // Some servers answer the XML inside an envelope: accept both.
    if (body?.code === 200 && typeof body.data === 'string') return body.data;
    if (body?.code === 200 && typeof body.data?.xml === 'string') return body.data.xml;
    const message = body?.msg || `${res.status}`;
    toast.error(message);
    throw new ApiError(Number(body?.code ?? res.status), message, body);
  }
  if (!res.ok) {
    toast.error(`${res.status} ${res.statusText}`);
    throw new ApiError(res.status, res.statusText);
  }
  return res.text();
}

export const diagramApi = {
  /** The deployed definition's BPMN XML. */
  definitionXml: (processDefinitionId: string) =>
    fetchText('/blade-flow/process/resource-view', { processDefinitionId, resourceType: 'xml' }),
  /** The XML of the definition an instance runs, with the steps running now and done (when the server marks them). */
  instanceView: (processInstanceId: string) =>
    request<InstanceView>({ url: '/blade-flow/process/model-view', params: { processInstanceId } }).then((data) => data ?? { xml: '' }),
};
