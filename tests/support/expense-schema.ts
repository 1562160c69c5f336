/**
 * The README's "custom action" example as a test fixture: a copy of the shipped schemas
 * plus `demo/expense.json` (an 审批 row button declared in `x-actions`) and its one hook
 * file `demo/expense.hooks.ts`. Nothing else: no module, no registration, no client file.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { projectPath } from './paths.js';

export const expenseSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '报销单', en: 'Expense claims' },
  'x-table': { name: 'demo_expense', tenancy: 'tenant' },
  'x-api': { path: '/demo/expense', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  'x-list': { columns: ['title', 'amount', 'approved', 'approvedAt'], search: ['title'] },
  'x-menu': { path: '/demo/expense', parent: 'system', sort: 60 },
  'x-actions': [
    {
      key: 'approve',
      label: { zh: '审批', en: 'approve' },
      show: 'row',
      confirm: { zh: '确定审批通过这张报销单?', en: 'approve this expense claim?' },
      success: { zh: '已审批', en: 'approved' },
      run: { kind: 'hook' },
    },
  ],
  required: ['title', 'amount'],
  properties: {
    title: { type: 'string', maxLength: 64, 'x-label': { zh: '事由', en: 'Title' } },
    amount: { type: 'integer', minimum: 1, 'x-label': { zh: '金额', en: 'Amount' } },
    approved: { type: 'integer', 'x-widget': 'switch', 'x-label': { zh: '已审批', en: 'Approved' }, 'x-hidden': ['add', 'edit'] },
    approvedAt: { type: 'string', 'x-type': 'datetime', 'x-label': { zh: '审批时间', en: 'Approved at' }, 'x-hidden': ['add', 'edit'] },
  },
};

/** The hook file, as an author writes it beside the schema: it sees the server through `atrium/hooks` only. */
export const expenseHooks = `
import type { EntityHookFile } from 'atrium/hooks';

export const actions: EntityHookFile['actions'] = {
  /** 审批: marks the claim approved and stamps the time. */
  async approve({ rows, keys }) {
    const approvedAt = new Date().toISOString().slice(0, 19).replace('T', ' ');
    for (const id of keys) await rows.update(id, { approved: 1, approvedAt });
    return { approvedAt };
  },
};
`;

/**
 * A schemas folder inside the project (under .tmp/, so a hook file's \`atrium/hooks\` resolves
 * to the project as the shipped schemas/ folder's would) holding the shipped schemas plus
 * `extra` files (path → text); `remove()` deletes it.
 */
export function schemasWith(extra: Record<string, string>): { dir: string; remove(): void } {
  mkdirSync(projectPath('.tmp'), { recursive: true });
  const dir = mkdtempSync(join(projectPath('.tmp'), 'schemas-'));
  cpSync(projectPath('schemas'), dir, { recursive: true });
  for (const [path, text] of Object.entries(extra)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A schemas folder holding the shipped schemas plus the expense entity; `remove()` deletes it. */
export function schemasWithExpense(): { dir: string; remove(): void } {
  return schemasWith({ 'demo/expense.json': JSON.stringify(expenseSchema, null, 2), 'demo/expense.hooks.ts': expenseHooks });
}

