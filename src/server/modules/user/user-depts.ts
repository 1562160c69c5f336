import { sql } from 'kysely';
import type { AppServices } from '../../app-services.js';
import { columnOf } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';
import type { RequestContext } from '../../engine/request-context.js';

/**
 * blade_user_dept: one row per (user, department). It has no tenant column, so every
 * read here goes through the department table, which has one.
 */
export class UserDepts {
  constructor(private readonly services: AppServices) {}

  /** Replaces the user's department rows (inside the caller's transaction). */
  async rewrite(repo: Repository, ctx: RequestContext, { userId, deptIds }: { userId: string; deptIds: string[] }): Promise<void> {
    const link = this.services.model('system/user-dept');
    await repo.db.deleteFrom(link.table).where(columnOf(link, 'userId'), '=', userId).execute();
    for (const deptId of deptIds) await repo.insert(link, ctx, { userId, deptId });
  }

  /** Ids of the users linked to this department of the caller's tenant or to any department below it. */
  async usersInSubtree(ctx: RequestContext, deptId: string): Promise<string[]> {
    const dept = this.services.model('system/dept');
    const link = this.services.model('system/user-dept');
    const ancestors = columnOf(dept, dept.tree!.ancestorsField!);
    const db = this.services.system.repo.db;
    // Two statements: the links have no tenant column and stay in the platform's database
    // when the tenant has one of its own (db/tenant-tables.ts).
    const depts = await db.selectFrom(`${dept.table} as d`).select('d.id')
      .where('d.tenant_id', '=', ctx.tenantId)
      .where('d.is_deleted', '=', 0)
      .where((eb) => eb.or([
        eb('d.id', '=', deptId),
        sql<boolean>`(',' || ${sql.ref(`d.${ancestors}`)} || ',') like ${`%,${deptId},%`}`,
      ]))
      .execute();
    if (depts.length === 0) return [];
    const rows = await db.selectFrom(`${link.table} as ud`)
      .select(`ud.${columnOf(link, 'userId')} as userId`)
      .distinct()
      .where(`ud.${columnOf(link, 'deptId')}`, 'in', depts.map((d) => String(d.id)))
      .execute();
    return rows.map((r) => String(r.userId));
  }
}
