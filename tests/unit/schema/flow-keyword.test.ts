import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { projectPath } from '../../support/paths.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const label = { zh: '名', en: 'Name' };

/** The project's schemas plus shop/claim with the given x-flow. */
function withClaim(flow: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-x-flow-'));
  dirs.push(dir);
  cpSync(projectPath('schemas'), dir, { recursive: true });
  mkdirSync(join(dir, 'shop'));
  writeFileSync(join(dir, 'shop', 'claim.json'), JSON.stringify({
    type: 'object', 'x-label': { zh: '报销', en: 'Claims' },
    'x-table': { name: 'shop_claim', tenancy: 'tenant' },
    'x-api': { path: '/shop/claim', endpoints: { list: { kind: 'page' }, detail: {}, submit: {}, remove: {} } },
    'x-list': { columns: ['title'] },
    'x-flow': flow,
    properties: { title: { type: 'string', 'x-label': label }, amount: { type: 'number', 'x-label': label } },
  }));
  return dir;
}

describe('the x-flow keyword', () => {
  it('gives the entity a read-only status and instance, the status as a list column, and the row action 提交审批', () => {
    const model = loadSchemas(withClaim({ process: 'expense', fields: ['title'], variables: { amount: 'amount' } })).find((m) => m.key === 'shop/claim')!;
    expect(model.flow).toEqual({ process: 'expense', fields: ['title'], variables: { amount: 'amount' } });
    const status = model.fields.find((f) => f.name === 'flowStatus')!;
    expect(status).toMatchObject({ column: 'flow_status', readOnly: true, label: { zh: '审批状态', en: 'Approval status' }, columnDefault: 'draft' });
    expect(model.fields.find((f) => f.name === 'processInstanceId')).toMatchObject({ column: 'process_instance_id', readOnly: true });
    expect(model.list.columns.map((c) => c.field)).toEqual(['title', 'flowStatus']);
    expect(model.actions.find((a) => a.key === 'submit-approval')).toMatchObject({
      path: 'submit-approval', param: 'id', show: 'row', rows: 'one', label: { zh: '提交审批', en: 'Submit for approval' }, run: { kind: 'hook', transaction: false },
    });
  });

  it('stops the start for a field the entity does not have, or one the engine manages', () => {
    expect(() => loadSchemas(withClaim({ process: 'expense', fields: ['nothing'] }))).toThrow(/claim\.json#\/x-flow\/fields\/0: unknown field "nothing"/);
    expect(() => loadSchemas(withClaim({ process: 'expense', variables: { amount: 'sum' } }))).toThrow(/x-flow\/variables\/amount: unknown field "sum"/);
    expect(() => loadSchemas(withClaim({ process: 'expense', variables: { s: 'flowStatus' } }))).toThrow(/"flowStatus" is managed by the engine for x-flow/);
    expect(() => loadSchemas(withClaim({ process: 'expense', approvers: [] }))).toThrow(/x-flow/);
  });
});
