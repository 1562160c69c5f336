import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { reachesMenu } from '../authority/screen-reads.js';
import { itemsByName } from './item-lookup.js';
import { teamLeaders } from './team-leaders.js';
import { reportSpecs } from './report-definitions.js';
import { exportReport } from './report-export.js';
import { parseFilters, parsePage } from './report-filters.js';
import { reportMenuCode } from './report-menus.js';
import { reportForbidden } from './report-messages.js';
import { runReport } from './report-query.js';
import type { ReportSpec } from './report-types.js';
import { syncTenantPolicies } from '../../db/row-security-ddl.js';
import { installWageRollup, startWageRollup, WAGE_ROLLUP_TABLES, wageRollupSettled } from './wage-rollup-install.js';
import type { AppModule } from '../module.js';

const BASE = '/blade-manage/report';
const TAG = 'manage/report';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function route(app: FastifyInstance, opts: { method: 'GET' | 'POST'; url: string; summary: string; handler: Handler }): void {
  app.route({ method: opts.method, url: opts.url, schema: { tags: [TAG], summary: opts.summary }, handler: opts.handler });
}

/** Filters from the JSON body and the query string (incomeAndExpenseInfo takes params). */
function inputOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
  return { ...(request.query as Record<string, unknown>), ...body };
}

async function allowed(services: AppServices, { request, spec }: { request: FastifyRequest; spec: ReportSpec }) {
  const ctx = contextOf(request);
  if (!(await reachesMenu(services, ctx, reportMenuCode(spec.name)))) throw reportForbidden('forbidden');
  return ctx;
}

/** The definition the console builds the screen from: labels, columns, filters, chart. */
function definitionOf(spec: ReportSpec) {
  return {
    name: spec.name, label: spec.label, filters: spec.filters, chart: spec.chart, defaultRange: spec.defaultRange ?? 'year',
    dims: spec.dims.map((d) => ({ key: d.key, label: d.label })),
    measures: spec.measures.map((m) => ({ key: m.key, label: m.label, format: m.format })),
    categoryDict: spec.dims.find((d) => d.key === 'category')?.dict,
  };
}

/**
 * Business reports (spec §7): POST blade-manage/report/<name> answers a page of rows,
 * the totals and the chart's series; POST <name>Export the same as .xlsx.
 */
export const registerReportModule: AppModule = (root, services) => {
  // The wage summaries the reports read (created and filled from existing rows on the first start).
  const db = services.system.repo.db;
  const database = services.system.database;
  // Tables, functions and triggers are the owner's to create (row security runs queries as atrium_app).
  const install = async () => {
    await installWageRollup(database.ownerDb);
    if (database.kind === 'postgres') await syncTenantPolicies(database.ownerDb, WAGE_ROLLUP_TABLES, database.rowSecurity);
  };
  // A tenant with a database of its own has its summaries there, kept by the same triggers.
  services.tenantDatabases.tables.addTenantTables(WAGE_ROLLUP_TABLES.map((table) => ({ table, rows: 'derived' as const })));
  services.tenantDatabases.addInstaller(async (owner) => { await installWageRollup(owner); });
  root.addHook('onReady', async () => startWageRollup(db, { failed: (error) => root.log.error({ err: error }, 'report summaries of manage_wage not installed: reports read the wage rows'), install }));
  root.addHook('onClose', () => wageRollupSettled(db));
  return (app) => routes(app, services);
};

function routes(app: FastifyInstance, services: AppServices): void {
  for (const spec of reportSpecs) {
    route(app, { method: 'POST', url: `${BASE}/${spec.name}`, summary: `Report: ${spec.label.en}`, handler: async (request) => {
      const ctx = await allowed(services, { request, spec });
      const input = inputOf(request);
      const filters = parseFilters(spec, { input, lang: ctx.lang });
      return ok(await runReport({ services, spec, filters, ctx }, parsePage(input)));
    } });
    route(app, { method: 'POST', url: `${BASE}/${spec.name}Export`, summary: `Report: ${spec.label.en}, as .xlsx`, handler: async (request, reply) => {
      const ctx = await allowed(services, { request, spec });
      const filters = parseFilters(spec, { input: inputOf(request), lang: ctx.lang });
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${spec.name}-${stamp}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${spec.label[ctx.lang]}-${stamp}.xlsx`)}`)
        .send(exportReport({ services, spec, filters, ctx }));
    } });
  }
  route(app, { method: 'GET', url: `${BASE}/definition`, summary: 'Reports: the definitions the console draws the screens from', handler: async (request) => {
    contextOf(request);
    return ok(reportSpecs.map(definitionOf));
  } });
  route(app, { method: 'GET', url: '/blade-manage/iteminfo/listByName', summary: 'Items whose name contains the text (report filters autocomplete)', handler: async (request) => {
    const ctx = contextOf(request);
    const query = request.query as Record<string, unknown>;
    return ok(await itemsByName(services, { ctx, text: query.itemName ?? query.name }));
  } });
  route(app, { method: 'GET', url: `${BASE}/teamLeaders`, summary: 'Workers who lead a team (the 班组长 filter of the wage reports)', handler: async (request) => {
    return ok(await teamLeaders(services, contextOf(request)));
  } });
}
