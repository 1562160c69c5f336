import { joinTexts } from '../../../../shared/i18n/translate.js';
import type { EntityModel, FieldModel, Lang } from '../../../../shared/schema/entity-model.js';
import type { EntityRecord } from '../../../engine/record-codec.js';
import type { SheetLine } from '../../../excel/sheet-stream.js';
import type { UserCatalog } from '../user-catalog.js';
import { badRequest } from '../../../../shared/errors.js';
import { headerFields } from '../../job/import-row.js';
import { fromCell, sheetFields } from './user-sheet.js';

/** One data row of the uploaded sheet: what it says, what is wrong with it, whom it updates. */
export interface SheetRow {
  /** Excel row number (the header is row 1). */
  row: number;
  values: EntityRecord;
  /** Field → message; '' for a problem of the whole row. */
  errors: Record<string, string>;
  /** Set when the row updates an existing account (isCovered). */
  existingId?: string;
}

/** Column index (0 is column A) → field. */
export type SheetColumns = Map<number, FieldModel>;

/** Header cells → fields, by label in either language or by field name; every required field needs its column. */
export function headerColumns(header: string[], model: EntityModel): SheetColumns {
  const fields = sheetFields(model);
  const columns = headerFields(header, fields);
  const present = new Set([...columns.values()].map((f) => f.name));
  const missing = fields.filter((f) => model.required.includes(f.name) && !present.has(f.name));
  if (missing.length) throw badRequest('excel.headerMissing', { labels: joinTexts(missing.map((f) => f.label)) });
  return columns;
}

/** Every non-blank data line, cells converted (names → ids, texts → keys); conversion failures become the row's errors. */
export function readRows(opts: { lines: SheetLine[]; columns: SheetColumns; model: EntityModel; catalog: UserCatalog; lang: Lang }): SheetRow[] {
  const out: SheetRow[] = [];
  for (const line of opts.lines) {
    const cells = [...opts.columns].map(([col, field]) => ({ field, text: line.texts[col] ?? '' }));
    if (cells.every((c) => c.text === '')) continue;
    const row: SheetRow = { row: line.number, values: {}, errors: {} };
    for (const { field, text } of cells) {
      const resolved = fromCell({ model: opts.model, field, text, catalog: opts.catalog, lang: opts.lang });
      if ('error' in resolved) row.errors[field.name] = resolved.error;
      else row.values[field.name] = resolved.value;
    }
    out.push(row);
  }
  return out;
}
