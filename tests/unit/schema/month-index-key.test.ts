import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTableSql, derivedColumns, indexDesigns } from '../../../src/server/db/table-design.js';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { projectPath } from '../../support/paths.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const label = { zh: '名', en: 'Name' };

/** The project's schemas plus shop/sale with the given indexes. */
function withSale(indexes: unknown[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-month-key-'));
  dirs.push(dir);
  cpSync(projectPath('schemas'), dir, { recursive: true });
  mkdirSync(join(dir, 'shop'));
  writeFileSync(join(dir, 'shop', 'sale.json'), JSON.stringify({
    type: 'object', 'x-label': { zh: '销售', en: 'Sales' },
    'x-table': { name: 'shop_sale', tenancy: 'tenant', indexes },
    'x-api': { path: '/shop/sale', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
    properties: { saleDate: { type: 'string', 'x-type': 'date', 'x-label': label }, shop: { type: 'string', 'x-label': label }, amount: { type: 'number', 'x-label': label } },
  }));
  return dir;
}

describe('a covering index keyed by month(dateField)', () => {
  it('keys a stored month of the date and carries the date itself, so a day range is filtered from the index', () => {
    const model = loadSchemas(withSale([{ fields: ['month(saleDate)', 'shop'], method: 'btree', include: ['amount'] }])).find((m) => m.key === 'shop/sale')!;
    const cover = indexDesigns(model).find((ix) => ix.name.endsWith('_cover'))!;
    expect(cover.name).toBe('ix_shop_sale_tenant_id_month_of_sale_date_shop_cover');
    expect(cover.create).toContain(`("tenant_id", "month_of_sale_date", "shop") include ("is_deleted", "sale_date", "amount")`);
    expect(derivedColumns(model)).toEqual([{ column: 'month_of_sale_date', type: 'date', def: `"month_of_sale_date" date generated always as (date_trunc('month', "sale_date"::timestamp)::date) stored` }]);
    expect(createTableSql(model)).toMatch(/, "month_of_sale_date" date generated always as .* stored\)$/);
  });

  it('stops the start for a field that is not a date, or a month key outside a covering index', () => {
    expect(() => loadSchemas(withSale([{ fields: ['month(shop)'], method: 'btree', include: ['amount'] }]))).toThrow(/sale\.json#\/x-table\/indexes\/0: "month\(shop\)": month\(…\) takes a date field/);
    expect(() => loadSchemas(withSale([['month(saleDate)']]))).toThrow(/month\(…\) keys only a covering index/);
    expect(() => loadSchemas(withSale([{ fields: ['month(nothing)'], method: 'btree', include: ['amount'] }]))).toThrow(/unknown field "nothing"/);
  });
});
