import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { LoggedRow } from './list-reader/row-matcher.js';
import type { WriteNotices } from './list-reader/write-log.js';
import { outputColumns } from './record-codec.js';

export type Change = [LoggedRow | null, LoggedRow | null];

/** What one transaction wrote through the engine, logged for the list totals once it commits. */
export class TransactionWrites {
  readonly changes = new Map<string, { xid: string; rows: Change[] }>();
  readonly undescribed = new Set<string>();
  /** The transaction's connection was handed out (`repo.db`): its own SQL may have written anything, savepoints included. */
  raw = false;
  readonly tasks: (() => Promise<void>)[] = [];

  async flush(notices: WriteNotices): Promise<void> {
    for (const [table, write] of this.changes) {
      if (this.raw) await notices.invalidate(table);
      else await notices.logged(table, write);
    }
    for (const table of this.undescribed) if (!this.changes.has(table)) await notices.invalidate(table);
  }
}

/** The columns a logged row keeps: what filters and data scopes can name, plus tenant and deletion marks. */
export function loggedColumns(model: EntityModel): string[] {
  const columns = new Set(outputColumns(model));
  if (model.tenancy === 'tenant') columns.add('tenant_id');
  if (model.logicalDelete) columns.add('is_deleted');
  return [...columns];
}

/** Count-cache name of the model's table: tables of data sources never share one with ours. */
export function cacheTable(model: EntityModel): string {
  return model.datasource ? `${model.datasource}:${model.table}` : model.table;
}
