import { joinTexts, message, type Message } from '../../../shared/i18n/translate.js';
import { readSheet } from '../../excel/read-sheet.js';
import type { SheetLine } from '../../excel/sheet-stream.js';
import { importLimits } from '../job/import-limits.js';
import { headerFields } from '../job/import-row.js';
import { AppError, badRequest } from '../../../shared/errors.js';
import type { EntityModel, FieldModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';
import { sheetFields } from './region-sheet.js';

interface SheetRow {
  /** Excel row number (the header is row 1). */
  row: number;
  values: EntityRecord;
}

/** Header cells → fields, by label in either language or by field name; code, parent code and name must be there. */
function headerColumns(header: string[], model: EntityModel): Map<number, FieldModel> {
  const fields = sheetFields(model);
  const columns = headerFields(header, fields);
  const present = new Set([...columns.values()].map((f) => f.name));
  const missing = fields.filter((f) => (model.required.includes(f.name) || f.name === 'parentCode') && !present.has(f.name));
  if (missing.length) throw badRequest('excel.headerMissing', { labels: joinTexts(missing.map((f) => f.label)) });
  return columns;
}

function readRows(lines: SheetLine[], columns: Map<number, FieldModel>): SheetRow[] {
  const rows: SheetRow[] = [];
  for (const line of lines) {
    const values: EntityRecord = {};
    for (const [col, field] of columns) {
      const text = line.texts[col] ?? '';
      // Numbers stay text when they are not numbers, so the schema's own message names the field.
      if (text !== '') values[field.name] = field.type === 'integer' && /^-?\d+$/.test(text) ? Number(text) : text;
    }
    if (Object.keys(values).length) rows.push({ row: line.number, values });
  }
  // Parents before their children, whatever the file's order (region codes grow by level).
  return rows.sort((a, b) => String(a.values.code ?? '').length - String(b.values.code ?? '').length);
}

/** What stops a row before anything is written: its code taken (unless covering), its parent nowhere. */
async function checkRows(opts: { services: AppServices; model: EntityModel; ctx: RequestContext; rows: SheetRow[]; isCovered: boolean }): Promise<void> {
  const { services, model, ctx, rows } = opts;
  const inFile = new Set(rows.map((r) => String(r.values.code ?? '')));
  const root = model.tree?.root ?? '0';
  for (const { row, values } of rows) {
    const code = String(values.code ?? '');
    const parent = String(values.parentCode ?? '');
    const fail = (message: Message) => badRequest('region.importRejected', { row, message });
    if (code && !opts.isCovered && (await services.system.repo.findByKey(model, ctx, code))) {
      throw fail(message('region.codeExists', { code }));
    }
    if (parent && parent !== root && !inFile.has(parent) && !(await services.system.repo.findByKey(model, ctx, parent))) {
      throw fail(message('region.parentMissing', { code: parent }));
    }
  }
}

/**
 * Imports the regions of an .xlsx (BladeX import-region): each row is saved through the
 * engine's submit (schema rules, tree checks, ancestors), parents first. With isCovered a
 * row whose code exists updates it; without, such a row stops the import before any write.
 * A row the engine refuses stops the import there, naming the row.
 */
export async function importRegions(opts: { services: AppServices; ctx: RequestContext; file: Buffer; isCovered: boolean }): Promise<number> {
  const { services, ctx } = opts;
  const model = services.model('base/region');
  const [header, ...lines] = await readSheet({ file: opts.file, limits: await importLimits(services), unreadable: 'region.uploadUnreadable' });
  const rows = readRows(lines, headerColumns(header?.texts ?? [], model));
  if (rows.length === 0) throw badRequest('region.importEmpty');
  await checkRows({ services, model, ctx, rows, isCovered: opts.isCovered });
  for (const { row, values } of rows) {
    try {
      await services.resources.submit(model, ctx, values);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      throw new AppError('region.importRejected', { row, message: error.text }, error.status, { code: error.code, fieldErrors: error.fieldErrors });
    }
  }
  return rows.length;
}
