import type { TextKey, Translatable } from '../../../shared/i18n/translate.js';
import type { EntityModel, FieldModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';
import type { RequestContext } from '../../engine/request-context.js';
import type { SheetLine } from '../../excel/sheet-stream.js';
import { dictionaryKeys, rowRecord, type RowError } from './import-row.js';
import type { Job } from './job-store.js';
import { importFields } from './sheet-fields.js';

export type { RowError } from './import-row.js';

/** One data row of an import on its way to the database. */
export interface ImportRow {
  line: SheetLine;
  /** The record the form would send. */
  values: EntityRecord;
  /** Why it cannot be written, known before the write. */
  errors: RowError[];
}

/** What one run of an import job writes through. */
export interface ImportTarget {
  /** The columns a sheet may have (by label in either language, or name). */
  fields: FieldModel[];
  /** The names of the columns a sheet must have; the model's required fields when absent. */
  required?: string[];
  /** A sheet row → the record (or why it cannot be one). */
  read(line: SheetLine, columns: Map<number, FieldModel>): ImportRow;
  /** A row an earlier run of the job committed already (a resumed job): not written again, but seen. */
  skipped?(row: ImportRow): void;
  /**
   * Checks of a batch before its transaction (what needs the other rows: an account
   * repeated in the file). It may reorder `rows` in place: they are written in that order.
   */
  checkBatch?(rows: ImportRow[]): Promise<void>;
  /** In the batch's transaction, before its rows. */
  beginBatch?(repo: Repository): Promise<void>;
  /** Writes one row, inside a savepoint of the batch's transaction; throws to refuse it. */
  write(repo: Repository, row: ImportRow): Promise<void>;
  /** In the batch's transaction, after its rows: a rule over the batch as a whole; throws RefuseRows to have some refused. */
  endBatch?(repo: Repository): Promise<void>;
}

/** The batch is rolled back and written again with these rows refused (row number → reason). */
export class RefuseRows extends Error {
  constructor(readonly reasons: Map<number, RowError>) {
    super(`rows refused by a rule of the whole batch: ${[...reasons.keys()].join(', ')}`);
  }
}

/** How an entity is imported: who may, what the upload's form adds (`isCovered`), and each run's target. */
export interface ImportKind {
  /** Refuses a caller who may not import (when the job is asked for, and again when it runs). */
  allow(ctx: RequestContext): Promise<void>;
  /** The job's parameters from the request's query and form fields. */
  params(fields: Record<string, string>): Record<string, unknown>;
  /** A run's target: a job's (its context and parameters), or a synchronous import's. */
  open(run: ImportRun): Promise<ImportTarget>;
  /** The columns of the empty template (export-template); default the form's typed fields (importFields). */
  templateFields?(): FieldModel[];
  /** The synchronous import (x-api kind `import`, BladeX import-region): its upload's missing text and its answer. */
  whole?: WholeImportAnswer;
}

/** How an entity's synchronous import reads its upload and answers (each BladeX endpoint answers in its own words). */
export interface WholeImportAnswer {
  /** The refusal of a request without a workbook. */
  missing: TextKey;
  /** The import, answered; a rejection may carry data (AppError's `data`: the rows, the kept error workbook). */
  run(opts: { ctx: RequestContext; file: Buffer; fields: Record<string, string>; query: Record<string, unknown> }): Promise<{ data: unknown; msg?: Translatable }>;
  /** Where the annotated workbooks of rejected imports are kept, for the x-api kind `import-errors`. */
  errorWorkbooks?: KeptErrorWorkbooks;
}

/** The annotated workbooks a synchronous import keeps when it rejects an upload, each under an id. */
export interface KeptErrorWorkbooks {
  /** The refusal (404) when the id names no workbook the caller kept (expired, another caller's, never). */
  gone: TextKey;
  /** The workbook kept under `id` for this caller, if any (`id` is as the query gave it). */
  find(ctx: RequestContext, id: unknown): Promise<Buffer | undefined>;
}

/** What a target is opened for: the importer and the import's parameters (a job carries both). */
export type ImportRun = Pick<Job, 'ctx' | 'params'>;

/**
 * Any entity with `x-import`: each row is what the add form would send, written by
 * `resources.insertIn` (submit's defaults, validator, write hooks, tree and uniqueness checks).
 */
export function entityImport(services: AppServices, model: EntityModel): ImportKind {
  return {
    allow: (ctx) => services.resources.checkAdd(model, ctx),
    params: () => ({}),
    async open({ ctx }) {
      const dicts = dictionaryKeys(await services.resources.dictionaries(model, ctx));
      return {
        fields: importFields(model),
        read: (line, columns) => ({ line, ...rowRecord({ texts: line.texts, columns, dicts, lang: ctx.lang }) }),
        write: (repo, row) => services.resources.insertIn({ repo, model, ctx, values: row.values }),
      };
    },
  };
}
