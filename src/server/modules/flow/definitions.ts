import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../db/ids.js';
import { acrossTenants } from '../../db/tenant-scope.js';
import { isPlatformAdmin, type RequestContext } from '../../engine/request-context.js';
import { BpmnRefusal, checkBpmn, checkReceivable, type ProcessMeta } from './bpmn-check.js';
import { flowError, flowForbidden } from './flow-messages.js';
import { pageAnswer, type PagedQuery } from './flow-params.js';

/** A stored process definition (one deployed version of one process key, shared or for one tenant). */
export interface DefinitionRow {
  id: string;
  deployment_id: string;
  tenant_id: string;
  process_key: string;
  name: string;
  description: string;
  category: string;
  version: number;
  resource_name: string;
  xml: string;
  meta: string;
  suspension_state: number;
  deployment_time: string;
}

export const SHARED_TENANT = '';

/** `flow_<key>` → the dict `flow` label, for every category at once. */
export async function categoryNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('blade_dict').select(['dict_key', 'dict_value'])
    .where('code', '=', 'flow').where('parent_id', '<>', '0').where('is_deleted', '=', 0).execute();
  return new Map(rows.map((r) => [`flow_${r.dict_key}`, String(r.dict_value)]));
}

/** Checks a file; a refusal becomes a 400 saying what is wrong. */
export async function checkedBpmn(xml: string, { deploying = false } = {}): Promise<ProcessMeta> {
  try {
    const meta = await checkBpmn(xml);
    if (deploying) checkReceivable(meta);
    return meta;
  } catch (error) {
    if (error instanceof BpmnRefusal) throw flowError(error.reason, { detail: error.detail });
    throw error;
  }
}

export interface DeployInput {
  xml: string;
  resourceName: string;
  category: string;
  /** Empty: shared (通用) — visible to every tenant. */
  tenantIds: string[];
  modelId?: string;
  /** A seed: deploys nothing for a tenant whose key has a version already (decided under the key's lock). */
  onlyIfAbsent?: boolean;
}

/** Who may deploy where: the platform's administrator anywhere (none named: shared); a tenant's admin only to its own tenant. */
export function deployTargets(ctx: RequestContext, tenantIds: string[]): string[] {
  if (isPlatformAdmin(ctx)) return tenantIds.length ? [...new Set(tenantIds)] : [SHARED_TENANT];
  if (tenantIds.some((t) => t !== ctx.tenantId)) throw flowError('sharedAdminOnly');
  return [ctx.tenantId];
}

/** The platform administrator manages shared (tenant '') and other tenants' definitions: across tenants, by name. */
function asManager<T>(ctx: RequestContext, fn: () => Promise<T>): Promise<T> {
  return isPlatformAdmin(ctx) ? acrossTenants(fn) : fn();
}

/** Runs a read in the platform's database and in every tenant's own (TenantDatabases.inEveryDatabase). */
export type EveryDatabase = <T>(read: () => Promise<T>) => Promise<T[]>;

/** manager/list and work/start-list: mode 1 shared, 2 the caller's tenant. */
export interface DefinitionFilter { mode: number; category?: string; key?: string; name?: string; activeOnly?: boolean; latestOnly?: boolean }

export class Definitions {
  private readonly db: Db;
  private readonly ids: IdGenerator;
  private readonly everyDatabase: EveryDatabase;

  constructor(deps: { db: Db; ids: IdGenerator; everyDatabase?: EveryDatabase }) {
    this.db = deps.db;
    this.ids = deps.ids;
    this.everyDatabase = deps.everyDatabase ?? (async (read) => [await read()]);
  }

  /** Deploys one file as a new version of its process key, per target tenant, in one transaction; answers the new ids and the extensions kept but not run. */
  async deploy(ctx: RequestContext, input: DeployInput): Promise<{ ids: string[]; warnings: string[] }> {
    const meta = await checkedBpmn(input.xml, { deploying: true });
    const ids = await this.store(ctx, { input, meta });
    return { ids, warnings: meta.warnings ?? [] };
  }

  private async store(ctx: RequestContext, { input, meta }: { input: DeployInput; meta: ProcessMeta }): Promise<string[]> {
    const names = await categoryNames(this.db);
    if (!names.has(input.category)) throw flowError('categoryUnknown', { category: input.category });
    const targets = deployTargets(ctx, input.tenantIds);
    if (targets.some((t) => t !== SHARED_TENANT && !/^\d{6}$/.test(t))) throw flowError('invalid', { name: 'tenantIds' });
    const deploymentId = this.ids.next();
    return asManager(ctx, () => this.db.transaction().execute(async (tx) => {
      const out: string[] = [];
      for (const tenantId of targets) {
        // Serializes deploys of one key so two never take the same version.
        await sql`select pg_advisory_xact_lock(hashtext(${`flow:${tenantId}:${meta.key}`}))`.execute(tx);
        const last = await tx.selectFrom('blade_flow_definition').select(sql<number>`coalesce(max(version), 0)::int`.as('v'))
          .where('tenant_id', '=', tenantId).where('process_key', '=', meta.key).executeTakeFirst();
        if (input.onlyIfAbsent && Number(last?.v ?? 0) > 0) continue;
        const version = Number(last?.v ?? 0) + 1;
        const id = `${meta.key}:${version}:${deploymentId}`;
        await tx.insertInto('blade_flow_definition').values({
          id, deployment_id: deploymentId, tenant_id: tenantId, process_key: meta.key, name: meta.name,
          description: meta.description.slice(0, 4000), category: input.category, version, resource_name: input.resourceName,
          xml: input.xml, meta: JSON.stringify(meta), suspension_state: 1, model_id: input.modelId ?? null,
        }).execute();
        out.push(id);
      }
      return out;
    }));
  }

  /** A definition the caller's tenant may see (its own or shared), or 400. */
  async visible(ctx: RequestContext, id: string): Promise<DefinitionRow> {
    const row = await this.db.selectFrom('blade_flow_definition').selectAll().where('id', '=', id)
      .where('tenant_id', 'in', [SHARED_TENANT, ctx.tenantId]).executeTakeFirst();
    if (!row) throw flowError('definitionMissing');
    return row as DefinitionRow;
  }

  /** manager/list and work/start-list: mode 1 shared, 2 the caller's tenant. */
  async list(ctx: RequestContext, { filter: q, page }: PagedQuery<DefinitionFilter>) {
    let query = this.db.selectFrom('blade_flow_definition as d')
      .where('d.tenant_id', '=', q.mode === 2 ? ctx.tenantId : SHARED_TENANT);
    if (q.category) query = query.where('d.category', '=', q.category);
    if (q.key) query = query.where('d.process_key', 'like', `%${escapeLike(q.key)}%`);
    if (q.name) query = query.where('d.name', 'like', `%${escapeLike(q.name)}%`);
    if (q.activeOnly) query = query.where('d.suspension_state', '=', 1);
    if (q.latestOnly) {
      query = query.where(({ not, exists, selectFrom }) => not(exists(selectFrom('blade_flow_definition as n').select('n.id')
        .whereRef('n.tenant_id', '=', 'd.tenant_id').whereRef('n.process_key', '=', 'd.process_key').whereRef('n.version', '>', 'd.version')
        .where('n.suspension_state', '=', 1))));
    }
    const total = Number((await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query.select(['d.id', 'd.tenant_id', 'd.name', 'd.process_key', 'd.category', 'd.version', 'd.deployment_id',
      'd.resource_name', 'd.suspension_state', 'd.deployment_time', 'd.description'])
      .orderBy('d.deployment_time', 'desc').orderBy('d.id', 'desc').limit(page.size).offset(page.offset).execute();
    const names = await categoryNames(this.db);
    return pageAnswer(page, { records: rows.map((r) => definitionView(r, names)), total });
  }

  async changeState(ctx: RequestContext, { id, state }: { id: string; state: string }): Promise<void> {
    const suspension = state === 'active' ? 1 : state === 'suspend' ? 2 : 0;
    if (!suspension) throw flowError('stateInvalid');
    await asManager(ctx, async () => {
      const def = await this.manageable(ctx, id);
      await this.db.updateTable('blade_flow_definition').set({ suspension_state: suspension }).where('id', '=', def.id).execute();
    });
  }

  /** Deletes deployments the caller may manage; refused, saying why, when one is not there, not the caller's, or has instances running. */
  async deleteDeployments(ctx: RequestContext, deploymentIds: string[]): Promise<void> {
    await asManager(ctx, () => this.db.transaction().execute(async (tx) => {
      // Read unlocked first: under row security a tenant reads the shared rows but cannot lock them, and is told so rather than answered as if deleted.
      const seen = await tx.selectFrom('blade_flow_definition').select(['deployment_id', 'tenant_id']).where('deployment_id', 'in', deploymentIds).execute();
      for (const def of seen) this.checkManage(ctx, def.tenant_id);
      const found = new Set(seen.map((d) => String(d.deployment_id)));
      if (deploymentIds.some((id) => !found.has(id))) throw flowError('definitionMissing');
      const defs = await tx.selectFrom('blade_flow_definition').select('id').where('deployment_id', 'in', deploymentIds).forUpdate().execute();
      // Instances live with their tenant's rows: a tenant in a database of its own runs them there.
      const running = await this.everyDatabase(() => tx.selectFrom('blade_flow_instance').select('id')
        .where('definition_id', 'in', defs.map((d) => d.id)).where('end_time', 'is', null).limit(1).executeTakeFirst());
      if (running.some(Boolean)) throw flowError('definitionRunning');
      await tx.deleteFrom('blade_flow_definition').where('deployment_id', 'in', deploymentIds).execute();
    }));
  }

  /** Shared definitions are the platform administrator's (403 saying so); another tenant's are not there for the caller. */
  private checkManage(ctx: RequestContext, tenantId: string): void {
    if (isPlatformAdmin(ctx)) return;
    if (tenantId === SHARED_TENANT) throw flowForbidden('sharedManageAdminOnly');
    if (tenantId !== ctx.tenantId) throw flowError('definitionMissing');
  }

  async manageable(ctx: RequestContext, id: string): Promise<DefinitionRow> {
    const row = await this.db.selectFrom('blade_flow_definition').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw flowError('definitionMissing');
    this.checkManage(ctx, row.tenant_id);
    return row as DefinitionRow;
  }
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function definitionView(r: Record<string, any>, names: Map<string, string>) {
  return {
    id: r.id, tenantId: r.tenant_id, name: r.name, key: r.process_key, category: r.category, categoryName: names.get(r.category) ?? '',
    version: Number(r.version), deploymentId: String(r.deployment_id), resourceName: r.resource_name,
    diagramResourceName: String(r.resource_name).replace(/\.(bpmn20\.xml|bpmn|xml)$/i, '.svg'),
    suspensionState: Number(r.suspension_state), deploymentTime: r.deployment_time, description: r.description ?? '',
  };
}
