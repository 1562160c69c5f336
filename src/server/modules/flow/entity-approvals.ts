import { sql } from 'kysely';
import type { AppServices } from '../../app-services.js';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../db/ids.js';
import type { ActionEvent } from '../../engine/action-hooks.js';
import type { RequestContext } from '../../engine/request-context.js';
import { fieldOf, type EntityModel, type Lang } from '../../../shared/schema/entity-model.js';
import { FLOW_INSTANCE_FIELD, FLOW_STATUS_FIELD, SUBMIT_APPROVAL_ACTION, SUBMITTABLE_STATUSES } from '../../../shared/schema/flow-status.js';
import { SHARED_TENANT } from './definitions.js';
import { flowError } from './flow-messages.js';
import type { Processes, StartDefinition } from './processes.js';

/** Variables every x-flow start adds to the declared ones (a task may set none of them either). */
const START_FACTS = ['starter', 'businessKey'] as const;

/** The entities whose schema says `x-flow`. */
export function approvalModels(models: EntityModel[]): EntityModel[] {
  return models.filter((m) => m.flow);
}

/** Per x-flow table, the variables its row starts a process with: no task may set them (Processes' businessFacts). */
export function approvalFacts(models: EntityModel[]): Record<string, readonly string[]> {
  return Object.fromEntries(approvalModels(models).map((m) => [m.table, [...Object.keys(m.flow!.variables), ...START_FACTS]]));
}

/**
 * What a work-list record of an x-flow entity's process carries to open its row: the entity
 * (key, name in the caller's language, menu path, API path) and the fields shown to approvers.
 */
export function approvalBusiness(models: () => EntityModel[]): (table: string, lang: Lang) => Record<string, unknown> {
  return (table, lang) => {
    const model = approvalModels(models()).find((m) => m.table === table);
    if (!model) return {};
    return {
      businessEntity: model.key, businessName: model.label[lang] ?? model.label.zh, businessPath: model.menu?.path ?? '',
      businessApi: model.apiPath, businessFields: model.flow!.fields,
    };
  };
}

const column = (model: EntityModel, name: string) => fieldOf(model, name)!.column;

/**
 * What `x-flow` asks of the workflow module for every such entity: the 提交审批 hook, the lock
 * of a running or approved row on every write path (the entity's write hooks), and the row's
 * status at the process's end (Processes.businessStatus).
 */
export function registerEntityApprovals(services: AppServices, deps: { db: Db; ids: IdGenerator; processes: Processes }): void {
  for (const model of approvalModels(services.models)) {
    const approvals = new EntityApprovals(model, { ...deps, written: () => services.tableWritten(model.table) });
    services.actions.on({ entity: model.key, action: SUBMIT_APPROVAL_ACTION }, (event) => approvals.submit(event));
    services.hooks.on(model.key, {
      beforeWrite: async ({ values, isInsert, key, repo }) => {
        if (!isInsert && key !== undefined) await refuseLocked(repo.db, { model, keys: [key] });
        // Server-managed: never from a request (readOnly already keeps them out of a submit; other paths too).
        delete values[FLOW_STATUS_FIELD];
        delete values[FLOW_INSTANCE_FIELD];
      },
      beforeRemove: async ({ repo, keys }) => refuseLocked(repo.db, { model, keys }),
    });
    deps.processes.businessStatus.set(model.table, { column: column(model, FLOW_STATUS_FIELD), written: () => services.tableWritten(model.table) });
  }
}

/**
 * Refuses a change of rows whose approval runs or is done. The rows are read locked, in the
 * write's transaction: a 提交审批 at the same time either waits for this write (and starts with
 * what it stored) or moved the row first (and this write is refused), never a process started
 * on values the row no longer has.
 */
async function refuseLocked(tx: Db, { model, keys }: { model: EntityModel; keys: string[] }): Promise<void> {
  if (!keys.length) return;
  const status = column(model, FLOW_STATUS_FIELD);
  const rows = await tx.selectFrom(model.table).select(status).where(column(model, model.primaryKey), 'in', keys).forUpdate().execute() as Record<string, unknown>[];
  for (const row of rows) {
    if (row[status] === 'running') throw flowError('approvalLocked');
    if (row[status] === 'completed') throw flowError('approvalLockedDone');
  }
}

/** 提交审批 of one x-flow entity. */
class EntityApprovals {
  constructor(
    private readonly model: EntityModel,
    private readonly deps: { db: Db; ids: IdGenerator; processes: Processes; written: () => Promise<void> },
  ) {}

  /**
   * Starts the process for the row (the engine checked the button, the tenant and the data
   * scope of the key). One transaction: the row moves to running only from a submittable
   * status (the update waits on a concurrent one's lock and then finds it running: one instance),
   * and the instance starts with the variables of the stored row.
   */
  async submit({ ctx, keys }: ActionEvent): Promise<{ processInstanceId: string }> {
    const { db, ids, processes } = this.deps;
    const model = this.model;
    const def = await this.definition(ctx);
    const id = keys[0]!;
    const instanceId = ids.next();
    const status = column(model, FLOW_STATUS_FIELD);
    await db.transaction().execute(async (tx) => {
      const row = await tx.updateTable(model.table)
        .set({ [status]: 'running', [column(model, FLOW_INSTANCE_FIELD)]: instanceId })
        .where(column(model, model.primaryKey), '=', id).where('tenant_id', '=', ctx.tenantId)
        .$if(model.logicalDelete, (q) => q.where('is_deleted', '=', 0))
        .where(status, 'in', [...SUBMITTABLE_STATUSES]).returningAll().executeTakeFirst();
      if (!row) throw await this.refusal(tx, { ctx, id });
      await processes.start({ db: tx, ctx }, {
        def, business: { table: model.table, id }, instanceId, variables: this.variables(ctx, row),
        businessRow: (qc) => qc.updateTable(model.table).set({ update_time: sql`localtimestamp(0)`, update_user: ctx.userId }).where(column(model, model.primaryKey), '=', id),
      });
    });
    await this.deps.written();
    return { processInstanceId: instanceId };
  }

  /** The latest active deployment of the process key: the caller's tenant's own first, then the shared one. */
  private async definition(ctx: RequestContext): Promise<StartDefinition> {
    const key = this.model.flow!.process;
    const def = await this.deps.db.selectFrom('blade_flow_definition')
      .select(['id', 'process_key', 'name', 'version', 'category', 'suspension_state'])
      .where('process_key', '=', key).where('tenant_id', 'in', [SHARED_TENANT, ctx.tenantId]).where('suspension_state', '=', 1)
      .orderBy(sql`tenant_id = ${ctx.tenantId}`, 'desc').orderBy('version', 'desc').limit(1).executeTakeFirst();
    if (!def) throw flowError('approvalNotDeployed', { process: key });
    return def as StartDefinition;
  }

  /** The declared variables from the stored row (numbers as numbers), the starter and the business key. */
  private variables(ctx: RequestContext, row: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, fieldName] of Object.entries(this.model.flow!.variables)) {
      const field = fieldOf(this.model, fieldName)!;
      const value = row[field.column];
      out[name] = (field.type === 'number' || field.type === 'integer') && value !== null ? Number(value) : value === null ? null : String(value);
    }
    return { ...out, starter: ctx.userId, businessKey: `${this.model.table}:${String(row[column(this.model, this.model.primaryKey)])}` };
  }

  /** Why the row did not move to running: gone, already running, or approved. */
  private async refusal(tx: Db, { ctx, id }: { ctx: RequestContext; id: string }): Promise<Error> {
    const status = column(this.model, FLOW_STATUS_FIELD);
    const row = await tx.selectFrom(this.model.table).select(status).where(column(this.model, this.model.primaryKey), '=', id)
      .where('tenant_id', '=', ctx.tenantId).executeTakeFirst() as Record<string, unknown> | undefined;
    if (!row) return flowError('approvalRowMissing');
    return flowError(row[status] === 'completed' ? 'approvalDone' : 'approvalRunning');
  }
}
