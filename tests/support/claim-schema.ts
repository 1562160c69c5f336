/**
 * An entity whose hook file writes only through `atrium/hooks` (tests of the one write path):
 * `raise` sets the amount sent, `split` adds a claim then sets the amount, `refuse` writes
 * then throws; the entity's beforeWrite stamps a note and refuses the amount 999.
 */
import { schemasWith } from './expense-schema.js';

export const claimSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '报销申请', en: 'Claims' },
  'x-table': { name: 'demo_claim', tenancy: 'tenant' },
  'x-api': { path: '/demo/claim', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  'x-list': { columns: ['title', 'amount', 'note'], search: ['title'] },
  'x-actions': ['raise', 'split', 'refuse'].map((key) => ({ key, label: { zh: key, en: key }, show: 'row', run: { kind: 'hook' } })),
  required: ['title', 'amount'],
  properties: {
    title: { type: 'string', maxLength: 12, 'x-label': { zh: '事由', en: 'Title' } },
    amount: { type: 'integer', minimum: 1, maximum: 1000, 'x-label': { zh: '金额', en: 'Amount' } },
    note: { type: 'string', maxLength: 64, 'x-label': { zh: '备注', en: 'Note' } },
  },
};

/** The actions write only through `rows`; the entity's own hooks stamp and refuse writes. */
export const claimHooks = `
import { AtriumError, type EntityHookFile } from 'atrium/hooks';

export const actions: EntityHookFile['actions'] = {
  /** Sets the amount sent. */
  async raise({ rows, keys, params }) {
    await rows.update(keys[0], { amount: params.amount });
    return {};
  },
  /** A new claim for half of the amount, then the row's amount set to what was sent: both or neither. */
  async split({ rows, keys, params }) {
    const row = (await rows.find(keys[0]))!;
    await rows.create({ title: 'half of ' + keys[0].slice(-4), amount: Math.floor(Number(row.amount) / 2) });
    await rows.update(keys[0], { amount: params.amount });
    return {};
  },
  /** Writes, then refuses: the write rolls back. */
  async refuse({ rows, keys }) {
    await rows.update(keys[0], { note: 'refused' });
    throw new AtriumError({ zh: '不予报销', en: 'not reimbursed' });
  },
};

export const hooks: EntityHookFile['hooks'] = {
  async beforeWrite(call) {
    if (call.values.amount === 999) throw new AtriumError('common.duplicate');
    if ('amount' in call.values) call.values.note = 'by ' + call.caller.userId.slice(-4) + (call.action ? ' via ' + call.action : '');
  },
};
`;

/** A schemas folder with the shipped schemas plus the claim entity and its hook file. */
export const schemasWithClaim = () => schemasWith({ 'demo/claim.json': JSON.stringify(claimSchema, null, 2), 'demo/claim.hooks.ts': claimHooks });
