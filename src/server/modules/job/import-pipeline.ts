import { sql } from 'kysely';
import type { FieldModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { Repository } from '../../engine/repository.js';
import type { SheetLine } from '../../excel/sheet-stream.js';
import { headerFields } from './import-row.js';
import { RefuseRows, type ImportRow, type ImportTarget } from './import-target.js';
import { isRetryable } from './job-runner.js';

/** A row the write refused: for its own errors (known before the write), or for the failure of its write (`cause`). */
export interface Refusal {
  row: ImportRow;
  cause?: unknown;
}

/** Column index → field of the header row, and the fields the target needs that it has no column for. */
export function sheetColumns(target: ImportTarget, required: string[], header: string[]): { columns: Map<number, FieldModel>; missing: FieldModel[] } {
  const columns = headerFields(header, target.fields);
  const present = new Set([...columns.values()].map((f) => f.name));
  const needed = target.required ?? required;
  return { columns, missing: target.fields.filter((f) => needed.includes(f.name) && !present.has(f.name)) };
}

/** Thrown inside an all-or-nothing transaction: it rolls back, and its rows are the answer. */
class RefusedWhole extends Error {
  constructor(readonly refused: Refusal[]) {
    super('an all-or-nothing import refused a row');
  }
}

/**
 * Writes `rows` through the target (the engine's write path: submit's rules, the entity's
 * write hooks) in one transaction: `beginBatch`, every row, `endBatch`, then `commit` (a
 * job's checkpoint and refused rows) before it commits. A row with errors is not written.
 * Batched (a job): each row in a savepoint, so a refused row leaves nothing and the others
 * go on; a rule of the whole batch (RefuseRows) has the batch written again without its
 * rows. All or nothing (`whole`, the synchronous BladeX imports): the first refused row
 * rolls everything back. Answers the refused rows, in the order written.
 */
export async function writeRows(opts: {
  services: AppServices; target: ImportTarget; rows: ImportRow[]; whole?: boolean;
  commit?: (repo: Repository, refused: Refusal[]) => Promise<void>;
}): Promise<Refusal[]> {
  const { services, target, rows } = opts;
  // Only written rows are ever refused by a batch rule, so this ends.
  for (;;) {
    try {
      return await services.system.repo.transaction(async (repo) => {
        await target.beginBatch?.(repo);
        const refused: Refusal[] = [];
        for (const row of rows) {
          const refusal = row.errors.length ? { row } : await writeRow({ repo, target, row, whole: opts.whole === true });
          if (refusal && opts.whole) throw new RefusedWhole([refusal]);
          if (refusal) refused.push(refusal);
        }
        await target.endBatch?.(repo);
        await opts.commit?.(repo, refused);
        return refused;
      });
    } catch (error) {
      if (error instanceof RefusedWhole) return error.refused;
      if (!(error instanceof RefuseRows)) throw error;
      const ruled = rows.filter((row) => error.reasons.has(row.line.number));
      for (const row of ruled) row.errors.push(error.reasons.get(row.line.number)!);
      if (opts.whole) return ruled.map((row) => ({ row }));
    }
  }
}

/** One row written; a failure of the database (not of the row) is thrown, so the transaction is tried again or fails whole. */
async function writeRow(opts: { repo: Repository; target: ImportTarget; row: ImportRow; whole: boolean }): Promise<Refusal | undefined> {
  const { repo, target, row } = opts;
  if (opts.whole) {
    try {
      await target.write(repo, row);
      return undefined;
    } catch (error) {
      if (isRetryable(error)) throw error;
      return { row, cause: error };
    }
  }
  await sql`savepoint import_row`.execute(repo.db);
  try {
    await target.write(repo, row);
    await sql`release savepoint import_row`.execute(repo.db);
    return undefined;
  } catch (error) {
    // The database's failure, not the row's: the batch rolls back whole and the job resumes it.
    if (isRetryable(error)) throw error;
    await sql`rollback to savepoint import_row`.execute(repo.db);
    return { row, cause: error };
  }
}

/** The data rows of a sheet read whole: every line with text in a column the import reads. */
export function dataRows(target: ImportTarget, lines: SheetLine[], columns: Map<number, FieldModel>): ImportRow[] {
  return lines
    .filter((line) => [...columns.keys()].some((col) => (line.texts[col] ?? '') !== ''))
    .map((line) => target.read(line, columns));
}
