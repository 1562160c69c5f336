import { sql } from 'kysely';
import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { SIGN_IN_LOG_ID } from './sign-ins.js';

export const TREND_DAYS = 7;

export interface LocalText { zh: string; en: string }

/** Counts per day ('yyyy-MM-dd' → n) of the tenant, for the last TREND_DAYS days up to today. */
export type DailyCounter = (services: AppServices, ctx: RequestContext, firstDay: string) => Promise<Map<string, number>>;

export interface DashboardFigure {
  key: string;
  label: LocalText;
  /** The name of its line in the 7-day chart (the label speaks of today). */
  trendLabel: LocalText;
  color: string;
  count: DailyCounter;
  /** The block's figure when it is not today's count (approvals waiting now, whenever asked). */
  now?: (services: AppServices, ctx: RequestContext) => Promise<number>;
}

/** Workflow tasks of the tenant nobody has completed yet (blade_flow_task, the flow module's table). */
async function openApprovals(services: AppServices, ctx: RequestContext): Promise<number> {
  const row = await services.system.repo.db.selectFrom('blade_flow_task').select(sql<string>`count(*)`.as('n'))
    .where('tenant_id', '=', ctx.tenantId).where('end_time', 'is', null).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Rows of a table per day of a timestamp column, in the caller's tenant. */
function perDay(table: string, column: string, extra?: (q: any) => any): DailyCounter {
  return async (services, ctx, firstDay) => {
    let q = services.system.repo.db.selectFrom(table)
      .select([sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`.as('day'), sql<string>`count(*)`.as('n')])
      .where('tenant_id', '=', ctx.tenantId)
      .where(sql.ref(column), '>=', sql`cast(${firstDay} as timestamp)`);
    if (extra) q = extra(q);
    const rows = await q.groupBy(sql`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`).execute();
    return new Map(rows.map((r: { day: string; n: string }) => [r.day, Number(r.n)]));
  };
}

/** The welcome page's statistic blocks, in order: each a real count of the tenant's rows. */
export function dashboardFigures(): DashboardFigure[] {
  return [
    { key: 'registrations', label: { zh: '今日注册', en: 'Registrations today' }, trendLabel: { zh: '注册', en: 'Registrations' }, color: '#409EFF', count: perDay('blade_user', 'create_time', (q) => q.where('is_deleted', '=', 0)) },
    { key: 'logins', label: { zh: '今日登录', en: 'Sign-ins today' }, trendLabel: { zh: '登录', en: 'Sign-ins' }, color: '#67C23A', count: perDay('blade_log_usual', 'create_time', (q) => q.where('log_id', '=', SIGN_IN_LOG_ID)) },
    // Waiting now; the trend: approval tasks opened per day.
    { key: 'pendingApprovals', label: { zh: '待审批', en: 'Pending approvals' }, trendLabel: { zh: '新增审批', en: 'Approvals opened' }, color: '#F56C6C', count: perDay('blade_flow_task', 'create_time'), now: openApprovals },
    { key: 'notices', label: { zh: '今日发布通知', en: 'Notices published today' }, trendLabel: { zh: '发布通知', en: 'Notices published' }, color: '#E6A23C', count: perDay('blade_notice', 'release_time', (q) => q.where('is_deleted', '=', 0).where('release_time', '<=', sql`localtimestamp`)) },
  ];
}
