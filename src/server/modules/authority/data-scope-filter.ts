import { sql } from 'kysely';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { RowScope } from '../../engine/access-policy.js';
import type { Condition } from '../../engine/conditions.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';
import type { AppServices } from '../../app-services.js';
import { routeTo } from '../../db/tenant-scope.js';
import { DATA_SCOPE_CATEGORY, allRules, scopeLinks } from './role-grants.js';

/** Data scope types (dict data_scope_type). */
const ALL = 1;
const OWN = 2;
const OWN_DEPT = 3;
const OWN_DEPT_AND_CHILDREN = 4;
const CUSTOM = 5;

const CUSTOM_OPS = new Set(['equal', 'notequal', 'like', 'in', 'gt', 'lt', 'ge', 'le']);

/** `${userId}` etc. in a custom rule's value, from the verified caller. */
function resolvePlaceholders(value: string, ctx: RequestContext): string {
  const values: Record<string, string> = {
    userId: ctx.userId, deptId: ctx.deptId, tenantId: ctx.tenantId, roleId: (ctx.roleIds ?? []).join(','), account: ctx.account ?? '',
  };
  return value.replace(/\$\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

async function deptAndDescendants(services: AppServices, ctx: RequestContext, deptIds: string[]): Promise<string[]> {
  if (deptIds.length === 0) return [];
  const dept = services.model('system/dept');
  // The caller's tenant's departments, in its own database should it have one, wherever the policy runs.
  const rows = await routeTo(ctx.tenantId, () => services.system.repo.db.selectFrom(dept.table).select('id').where('tenant_id', '=', ctx.tenantId).where('is_deleted', '=', 0)
    .where((eb) => eb.or(deptIds.map((id) => sql<boolean>`',' || ancestors || ',' like ${`%,${id},%`}`))).execute());
  return [...new Set([...deptIds, ...rows.map((r) => String(r.id))])];
}

/** One rule as an AND-group; undefined = every row; null = a broken rule, which matches nothing. */
async function ruleGroup(services: AppServices, model: EntityModel, rule: EntityRecord, ctx: RequestContext): Promise<Condition[] | undefined | null> {
  const type = Number(rule.scopeType);
  if (type === ALL) return undefined;
  const byColumn = (column: string) => model.fields.find((f) => f.column === column && !f.secret);
  if (type === CUSTOM) return customGroup(rule, ctx, byColumn);
  const field = byColumn(String(rule.scopeColumn || (type === OWN ? 'create_user' : 'create_dept')));
  if (!field) return null;
  if (type === OWN) return [{ field, op: 'equal', value: ctx.userId }];
  if (type === OWN_DEPT) return [{ field, op: 'in', value: ctx.deptIds ?? [] }];
  if (type === OWN_DEPT_AND_CHILDREN) return [{ field, op: 'in', value: await deptAndDescendants(services, ctx, ctx.deptIds ?? []) }];
  return null;
}

function customGroup(rule: EntityRecord, ctx: RequestContext, byColumn: (c: string) => Condition['field'] | undefined): Condition[] | null {
  let parts: unknown;
  try { parts = JSON.parse(String(rule.scopeValue || '[]')); } catch { return null; }
  if (!Array.isArray(parts) || parts.length === 0) return null;
  const group: Condition[] = [];
  for (const part of parts as Record<string, unknown>[]) {
    const field = byColumn(String(part.field ?? ''));
    const op = String(part.op ?? '');
    if (!field || !CUSTOM_OPS.has(op)) return null;
    const value = resolvePlaceholders(String(part.value ?? ''), ctx);
    group.push({ field, op: op as Condition['op'], value: op === 'in' ? value.split(',').filter(Boolean) : value });
  }
  return group;
}

/**
 * The caller's data scope on an entity: the union of what each of its roles may see.
 * A role with no rule for the resource sees every row (BladeX: no rule, no filter).
 */
export async function dataScopeOf(services: AppServices, model: EntityModel, ctx: RequestContext): Promise<RowScope> {
  const roleIds = ctx.roleIds ?? [];
  const rules = (await allRules(services, 'system/data-scope')).filter((r) => r.resourceCode === model.permission);
  if (rules.length === 0 || roleIds.length === 0) return undefined;
  const links = await scopeLinks(services, roleIds, DATA_SCOPE_CATEGORY);
  const groups: Condition[][] = [];
  for (const roleId of roleIds) {
    const granted = rules.filter((r) => links.get(roleId)?.has(String(r.id)));
    if (granted.length === 0) return undefined;
    for (const rule of granted) {
      const group = await ruleGroup(services, model, rule, ctx);
      if (group === undefined) return undefined;
      if (group !== null) groups.push(group);
    }
  }
  return groups;
}
