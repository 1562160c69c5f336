import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { message, type TextKey } from '../../../shared/i18n/translate.js';
import type { RequestContext } from '../../engine/request-context.js';
import { paramsOf } from '../../http/request-params.js';
import { hasAdminRole } from '../../engine/request-context.js';
import type { Definitions } from './definitions.js';
import { flowError, flowForbidden } from './flow-messages.js';
import { FlowParams, isId } from './flow-params.js';
import type { History } from './history.js';
import type { LeaveService } from './leave.js';
import type { Models } from './models.js';
import type { Processes } from './processes.js';
import type { Db } from '../../db/database.js';
import type { WorkLists, WorkStatus } from './work-lists.js';
import { renderDiagram } from './diagram-svg.js';
import { businessView } from './business-view.js';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { TaskHandovers } from './task-handover.js';
import { registerApprovalRoutes, type ApprovalDeps } from './approval-routes.js';

export interface FlowDeps extends ApprovalDeps { entityModels: () => EntityModel[]; db: Db; definitions: Definitions; models: Models; processes: Processes; lists: WorkLists; history: History; leave: LeaveService; handovers: TaskHandovers }

/** What a route's handler is given: the request, its context and its parameters (query and form fields). */
interface FlowCall { request: FastifyRequest; ctx: RequestContext; params: FlowParams }

type Handler = (call: FlowCall) => Promise<unknown>;

interface RouteSpec { method: 'GET' | 'POST'; path: string; summary: string; admin?: boolean }

const MAX_FILE = 2 * 1024 * 1024;

function tenantIdsOf(p: Record<string, string | undefined>): string[] {
  return (p.tenantIds ?? p.tenantId ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  return typeof request.body === 'object' && request.body !== null && !Buffer.isBuffer(request.body) ? request.body as Record<string, unknown> : {};
}

function text(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

/** A deploy's answer: what the files carry that is kept but not run is said in `msg` and listed in `data.warnings`. */
function deployedAnswer(warnings: string[]) {
  if (!warnings.length) return ok({}, 'flow.deployed');
  return ok({ warnings }, message('flow.deployedKept' as TextKey, { detail: warnings.join('; ') }));
}

/** Every /blade-flow and /blade-desk/process/leave route of the workflow contract (docs/decisions/0021-workflow-contract-and-console.md), on the module's route scope. */
export function registerFlowRoutes(app: FastifyInstance, deps: FlowDeps): void {
  const route = ({ method, path, summary, admin }: RouteSpec, handler: Handler) => {
    app.route({ method, url: path, schema: { tags: ['flow'], summary }, handler: async (request, reply) => {
      const ctx = contextOf(request);
      if (admin && !hasAdminRole(ctx)) throw flowForbidden();
      const result = await handler({ request, ctx, params: new FlowParams(paramsOf(request)) });
      if (result && typeof result === 'object' && 'raw' in (result as object)) {
        const raw = result as { raw: string; type: string };
        return reply.type(raw.type).header('cache-control', 'no-store').send(raw.raw);
      }
      return result;
    } });
  };
  const { definitions, models, processes, lists, history, leave, db, handovers } = deps;

  // 模型管理
  // The list is schemas/flow/model.json's (a page of the caller's tenant's models, newest first).
  route({ method: 'GET', path: '/blade-flow/model/detail', summary: 'A model with its XML (id)', admin: true }, async ({ ctx, params }) => ok(await models.detail(ctx, params.id('id'))));
  route({ method: 'POST', path: '/blade-flow/model/submit', summary: 'Save a model (JSON)', admin: true }, async ({ request, ctx }) => {
    const b = bodyOf(request);
    const id = text(b, 'id');
    if (id && !isId(id)) throw flowError('invalid', { name: 'id' });
    const name = text(b, 'name');
    const modelKey = text(b, 'modelKey');
    if (!name) throw flowError('missing', { name: 'name' });
    if (!modelKey) throw flowError('missing', { name: 'modelKey' });
    if (name.length > 255 || modelKey.length > 255) throw flowError('invalid', { name: name.length > 255 ? 'name' : 'modelKey' });
    const description = text(b, 'description').slice(0, 4000);
    const xml = typeof b.modelEditorXml === 'string' ? b.modelEditorXml : '';
    return ok(await models.submit(ctx, { id: id || undefined, name, modelKey, description, modelEditorXml: xml }));
  });
  route({ method: 'POST', path: '/blade-flow/model/remove', summary: 'Delete models (ids)', admin: true }, async ({ ctx, params }) => { await models.remove(ctx, params.ids('ids')); return ok({}); });
  route({ method: 'POST', path: '/blade-flow/model/deploy', summary: 'Deploy a model (modelId, category, tenantIds)', admin: true }, async ({ ctx, params }) => {
    const modelId = params.id('modelId');
    const category = params.category() ?? (() => { throw flowError('missing', { name: 'category' }); })();
    const model = await models.xmlOf(ctx, modelId);
    const { warnings } = await definitions.deploy(ctx, { xml: model.xml, resourceName: `${model.modelKey}.bpmn20.xml`, category, tenantIds: tenantIdsOf(params.raw), modelId });
    return deployedAnswer(warnings);
  });

  // 流程部署 / 流程管理
  app.register(async (scope) => {
    const multipart = (await import('@fastify/multipart')).default;
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    const readFiles = async (request: FastifyRequest) => {
      if (!request.isMultipart()) throw flowError('fileMissing');
      const files: { name: string; xml: string }[] = [];
      const fields: Record<string, string> = {};
      for await (const part of request.parts({ limits: { fileSize: MAX_FILE, files: 10, fields: 20, fieldSize: 4096 } })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer().catch(() => { throw flowError('bpmnTooLarge'); });
          files.push({ name: (part.filename.split(/[\\/]/).pop() ?? '').slice(-255), xml: bytes.toString('utf8') });
        } else fields[part.fieldname] = String(part.value);
      }
      if (!files.length) throw flowError('fileMissing');
      return { files, fields: { ...fields, ...(request.query as Record<string, string>) } };
    };
    const goodName = (name: string) => /\.(bpmn20\.xml|bpmn)$/i.test(name);
    const scoped = ({ path, summary }: Omit<RouteSpec, 'method'>, handler: Handler) =>
      scope.route({ method: 'POST', url: path, schema: { tags: ['flow'], summary }, handler: async (request) => {
        const ctx = contextOf(request);
        if (!hasAdminRole(ctx)) throw flowForbidden();
        return handler({ request, ctx, params: new FlowParams({}) });
      } });
    scoped({ path: '/blade-flow/manager/check-upload', summary: 'Check an upload name (multipart file)' }, async ({ request }) => {
      const { files } = await readFiles(request);
      const name = files[0].name;
      return goodName(name) ? ok({ name, success: true }) : { ...ok({ name, success: false }, 'flow.fileName') };
    });
    scoped({ path: '/blade-flow/manager/deploy-upload', summary: 'Deploy uploaded files (multipart files, category, tenantIds)' }, async ({ request, ctx }) => {
      const { files, fields } = await readFiles(request);
      const category = new FlowParams(fields).category() ?? (() => { throw flowError('missing', { name: 'category' }); })();
      for (const f of files) if (!goodName(f.name)) throw flowError('fileName');
      const warnings: string[] = [];
      for (const f of files) warnings.push(...(await definitions.deploy(ctx, { xml: f.xml, resourceName: f.name, category, tenantIds: tenantIdsOf(fields) })).warnings);
      return deployedAnswer(warnings);
    });
  });
  route({ method: 'GET', path: '/blade-flow/manager/list', summary: 'Process definitions (mode 1 shared / 2 tenant, category, key, name)', admin: true }, async ({ ctx, params }) =>
    ok(await definitions.list(ctx, { filter: { mode: params.raw.mode === '2' ? 2 : 1, category: params.category(), key: params.optional('key'), name: params.optional('name') }, page: params.page() })));
  route({ method: 'POST', path: '/blade-flow/manager/change-state', summary: 'Activate or suspend a definition (processId, state)', admin: true }, async ({ ctx, params }) => {
    await definitions.changeState(ctx, { id: params.required('processId', 160), state: params.required('state', 16) });
    return ok({});
  });
  route({ method: 'POST', path: '/blade-flow/manager/delete-deployment', summary: 'Delete deployments (deploymentIds)', admin: true }, async ({ ctx, params }) => {
    await definitions.deleteDeployments(ctx, params.ids(params.raw.deploymentIds !== undefined ? 'deploymentIds' : 'deploymentId'));
    return ok({});
  });

  // 流程跟踪
  route({ method: 'GET', path: '/blade-flow/follow/list', summary: 'Running instances (processInstanceId, processDefinitionKey)', admin: true }, async ({ ctx, params }) => {
    const page = params.page();
    let q = db.selectFrom('blade_flow_instance as i').where('i.tenant_id', '=', ctx.tenantId).where('i.end_time', 'is', null);
    const pid = params.optional('processInstanceId', 20);
    if (pid) q = q.where('i.id', '=', isId(pid) ? pid : '0');
    const key = params.optional('processDefinitionKey', 64);
    if (key) q = q.where('i.process_key', '=', key);
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q.selectAll('i').orderBy('i.id', 'desc').limit(page.size).offset(page.offset).execute();
    const names = await import('./definitions.js').then((m) => m.categoryNames(db));
    return ok({ records: rows.map((r) => ({
      id: String(r.id), executionId: String(r.id), processInstanceId: String(r.id), processDefinitionId: r.definition_id, processDefinitionKey: r.process_key,
      name: r.process_name, category: r.category, categoryName: names.get(r.category) ?? '', startUser: r.start_user_name, startUserId: String(r.start_user_id),
      startTime: r.start_time, taskDefinitionKey: r.current_activity_id, activityId: r.current_activity_id, taskName: r.current_task_name,
      suspensionState: Number(r.suspension_state), businessId: r.business_id, businessTable: r.business_table,
    })), total, size: page.size, current: page.current, pages: Math.ceil(total / page.size) });
  });
  route({ method: 'POST', path: '/blade-flow/follow/delete-process-instance', summary: 'Delete a running instance (processInstanceId, deleteReason)', admin: true }, async ({ ctx, params }) => {
    const id = params.id('processInstanceId');
    const reason = params.optional('deleteReason', 1000) ?? '';
    await processes.terminate({ db, ctx }, { instanceId: id, reason });
    return ok({});
  });

  // 我的事务
  route({ method: 'GET', path: '/blade-flow/work/start-list', summary: 'Definitions the caller may start (mode, category, name)' }, async ({ ctx, params }) =>
    ok(await definitions.list(ctx, { filter: { mode: params.raw.mode === '2' ? 2 : 1, category: params.category(), key: params.optional('key'), name: params.optional('name') ?? params.optional('processDefinitionName'), activeOnly: true, latestOnly: true }, page: params.page() })));
  for (const status of ['claim', 'todo', 'send', 'done'] as WorkStatus[]) {
    route({ method: 'GET', path: `/blade-flow/work/${status}-list`, summary: `Work list: ${status}` }, async ({ ctx, params }) => ok(await lists.list(ctx, {
      status,
      filter: {
        category: params.category(), processDefinitionName: params.optional('processDefinitionName'),
        beginDate: params.dateTime('beginDate'), endDate: params.dateTime('endDate', true),
      },
      page: params.page(),
    })));
  }
  route({ method: 'POST', path: '/blade-flow/work/claim-task', summary: 'Claim a task (taskId)' }, async ({ ctx, params }) => { await processes.claim({ db, ctx }, params.id('taskId')); return ok({}); });
  route({ method: 'POST', path: '/blade-flow/work/complete-task', summary: 'Complete a task (BladeFlow JSON: taskId, flag, comment, variables)' }, async ({ request, ctx, params }) => {
    const b = { ...params.raw, ...bodyOf(request) } as Record<string, unknown>;
    const taskId = text(b, 'taskId');
    if (!taskId) throw flowError('missing', { name: 'taskId' });
    if (!isId(taskId)) throw flowError('invalid', { name: 'taskId' });
    const comment = text(b, 'comment');
    if (comment.length > 2000) throw flowError('invalid', { name: 'comment' });
    await processes.complete({ db, ctx }, { taskId, pass: text(b, 'flag') === 'ok', comment, variables: b.variables });
    return ok({});
  });
  route({ method: 'POST', path: '/blade-flow/work/transfer-task', summary: '转办: hand an open task to another user (taskId, userId, comment)' }, async ({ request, ctx, params }) => {
    const b = { ...params.raw, ...bodyOf(request) } as Record<string, unknown>;
    const fields = new FlowParams({ taskId: text(b, 'taskId'), userId: text(b, 'userId') });
    const comment = text(b, 'comment');
    if (comment.length > 2000) throw flowError('invalid', { name: 'comment' });
    await handovers.transfer({ db, ctx }, { taskId: fields.id('taskId'), userId: fields.id('userId'), comment });
    return ok({}, 'flow.transferred');
  });
  registerApprovalRoutes(route, deps);
  route({ method: 'POST', path: '/blade-flow/work/delete-task', summary: 'Delete a task: ends its instance (taskId, reason)' }, async ({ ctx, params }) => {
    const taskId = params.id('taskId');
    const reason = params.optional('reason', 1000) ?? '';
    await processes.terminate({ db, ctx }, { taskId, reason });
    return ok({});
  });

  // 流程信息
  route({ method: 'GET', path: '/blade-flow/process/history-flow-list', summary: 'Steps of an instance (processInstanceId)' }, async ({ ctx, params }) =>
    ok(await history.steps(ctx, params.id('processInstanceId'))));
  route({ method: 'GET', path: '/blade-flow/process/business-view', summary: 'An x-flow request\'s row as its approvers see it (processInstanceId)' }, async ({ ctx, params }) => {
    const instance = await history.readable(ctx, params.id('processInstanceId'));
    return ok(await businessView(db, { ctx, models: deps.entityModels(), instance: { business_table: instance.business_table, business_id: String(instance.business_id) } }));
  });
  const definitionOrInstance = async (ctx: RequestContext, params: FlowParams) => {
    if (params.raw.processInstanceId) {
      const instance = await history.readable(ctx, params.id('processInstanceId'));
      const def = await db.selectFrom('blade_flow_definition').select(['id', 'xml']).where('id', '=', instance.definition_id).executeTakeFirst();
      if (!def) throw flowError('definitionMissing');
      return { xml: def.xml as string, instanceId: String(instance.id) };
    }
    const def = await definitions.visible(ctx, params.required('processDefinitionId', 160));
    return { xml: def.xml, instanceId: undefined };
  };
  const marks = async (ctx: RequestContext, instanceId?: string) => {
    if (!instanceId) return { flow: [], active: [] as string[], finished: [] as string[] };
    const flow = await history.steps(ctx, instanceId);
    return { flow, active: flow.filter((s) => !s.endTime).map((s) => s.historyActivityId), finished: flow.filter((s) => s.endTime).map((s) => s.historyActivityId) };
  };
  route({ method: 'GET', path: '/blade-flow/process/model-view', summary: 'XML and steps (processInstanceId or processDefinitionId)' }, async ({ ctx, params }) => {
    const { xml, instanceId } = await definitionOrInstance(ctx, params);
    const m = await marks(ctx, instanceId);
    return ok({ xml, flow: m.flow, activeActivityIds: m.active, finishedActivityIds: m.finished });
  });
  route({ method: 'GET', path: '/blade-flow/process/resource-view', summary: 'The definition as XML or SVG (processDefinitionId, resourceType xml|image)' }, async ({ ctx, params }) => {
    const { xml } = await definitionOrInstance(ctx, params);
    if (params.raw.resourceType === 'image') return { raw: await renderDiagram(xml, { active: [], done: [] }), type: 'image/svg+xml' };
    return { raw: xml, type: 'text/xml; charset=utf-8' };
  });
  route({ method: 'GET', path: '/blade-flow/process/diagram-view', summary: 'The diagram as SVG, current step marked (processInstanceId or processDefinitionId)' }, async ({ ctx, params }) => {
    const { xml, instanceId } = await definitionOrInstance(ctx, params);
    const m = await marks(ctx, instanceId);
    return { raw: await renderDiagram(xml, { active: m.active, done: m.finished }), type: 'image/svg+xml' };
  });

  // 请假流程
  route({ method: 'POST', path: '/blade-desk/process/leave/start-process', summary: 'Start a leave request (JSON: processDefinitionId, taskUser, startTime, endTime, reason)' }, async ({ request, ctx }) => {
    const b = bodyOf(request);
    const fields: Record<string, string | undefined> = {};
    for (const k of ['processDefinitionId', 'taskUser', 'startTime', 'endTime', 'reason']) fields[k] = text(b, k);
    const params = new FlowParams(fields);
    const processDefinitionId = params.required('processDefinitionId', 160);
    const taskUser = params.id('taskUser');
    const startTime = params.dateTime('startTime') ?? (() => { throw flowError('missing', { name: 'startTime' }); })();
    const endTime = params.dateTime('endTime') ?? (() => { throw flowError('missing', { name: 'endTime' }); })();
    const reason = params.required('reason', 1000);
    return ok(await leave.start(ctx, { processDefinitionId, taskUser, startTime, endTime, reason }), 'flow.started');
  });
  route({ method: 'GET', path: '/blade-desk/process/leave/detail', summary: 'A leave request with its process (businessId)' }, async ({ ctx, params }) => {
    const businessId = params.id('businessId');
    const detail = await leave.detail(ctx, businessId);
    if (detail.processInstanceId) await history.readable(ctx, detail.processInstanceId);
    return ok(detail);
  });
}
