import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { clientModel } from '../../../src/server/modules/meta/index.js';
import { projectPath } from '../../support/paths.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function withFile(json: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-ds-unit-'));
  dirs.push(dir);
  cpSync(projectPath('schemas'), dir, { recursive: true });
  mkdirSync(join(dir, 'shop'));
  writeFileSync(join(dir, 'shop', 'book.json'), JSON.stringify(json));
  return dir;
}

const book = (table: Record<string, unknown>, properties: Record<string, unknown>) => ({
  type: 'object',
  'x-label': { zh: '图书', en: 'Books' },
  'x-datasource': 'shop-db',
  'x-table': { name: 'book', ...table },
  'x-api': { path: '/shop/book', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  properties,
});

const label = { zh: '名', en: 'Name' };

describe('x-datasource', () => {
  it('maps a table as it is: its own primary key, no base columns, no soft delete, no tenant filter', () => {
    const dir = withFile(book({ primaryKey: 'bookId' }, { bookId: { type: 'integer', 'x-label': label, 'x-column': 'book_id' }, title: { type: 'string', maxLength: 80, 'x-label': label } }));
    const model = loadSchemas(dir).find((m) => m.key === 'shop/book')!;
    expect(model).toMatchObject({ datasource: 'shop-db', primaryKey: 'bookId', generatedId: false, audit: false, logicalDelete: false, tenancy: 'shared', bareTable: true });
    expect(model.fields.map((f) => f.name)).toEqual(['bookId', 'title']);
    expect(clientModel(model)).not.toHaveProperty('datasource');
    expect(clientModel(model)).toHaveProperty('bareTable', true);
  });

  it('keeps the tenant and soft-delete columns a table says it has', () => {
    const dir = withFile(book({ primaryKey: 'id', tenancy: 'tenant', logicalDelete: true }, { id: { type: 'string', 'x-type': 'id', 'x-label': label } }));
    const model = loadSchemas(dir).find((m) => m.key === 'shop/book')!;
    expect(model.fields.map((f) => f.name)).toEqual(['tenantId', 'isDeleted', 'id']);
    expect(model).toMatchObject({ logicalDelete: true, tenancy: 'tenant', bareTable: false, audit: false });
  });

  it('stops the start when the primary key is not declared, with the file and pointer', () => {
    const dir = withFile(book({}, { title: { type: 'string', 'x-label': label } }));
    expect(() => loadSchemas(dir)).toThrow(/book\.json#\/x-table\/primaryKey: a table of data source "shop-db" keeps its own primary key/);
  });

  it('leaves the platform\'s own schemas unchanged: base columns and no flag of another database', () => {
    const param = loadSchemas(projectPath('schemas')).find((m) => m.key === 'system/param')!;
    expect(param).toMatchObject({ generatedId: true, audit: true, logicalDelete: true, bareTable: false });
    expect(param.datasource).toBeUndefined();
  });
});
