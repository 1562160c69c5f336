import { sql } from 'kysely';
import type { AppModule } from '../module.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { TREND_DAYS, dashboardFigures } from './dashboard-figures.js';

const URL = '/blade-desk/dashboard/statistics';

/**
 * GET blade-desk/dashboard/statistics: the welcome page's figures of the caller's tenant,
 * today and per day of the last week (the database's calendar).
 */
export const registerDashboardModule: AppModule = (_app, services) => (routes) => {
  routes.get(URL, { schema: { tags: ['desk/dashboard'], summary: 'Welcome page: today\'s figures and the 7-day trend' } }, async (request) => {
    const ctx = contextOf(request);
    const today = await sql<{ day: string }>`select to_char(current_date, 'YYYY-MM-DD') as day`.execute(services.system.repo.db);
    const last = today.rows[0].day;
    const days = Array.from({ length: TREND_DAYS }, (_, i) => {
      const d = new Date(`${last}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - (TREND_DAYS - 1 - i));
      return d.toISOString().slice(0, 10);
    });
    const figures = await Promise.all(dashboardFigures().map(async (f) => {
      const counts = await f.count(services, ctx, days[0]);
      const trend = days.map((d) => counts.get(d) ?? 0);
      return { key: f.key, label: f.label[ctx.lang], trendLabel: f.trendLabel[ctx.lang], color: f.color, today: f.now ? await f.now(services, ctx) : trend.at(-1) ?? 0, trend };
    }));
    return ok({ days, figures });
  });
};
