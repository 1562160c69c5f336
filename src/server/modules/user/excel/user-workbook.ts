import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { exportedCell } from '../../../excel/formula-guard.js';
import { loadExcelJS } from '../../../excel/load-exceljs.js';
import type { EntityModel, Lang } from '../../../../shared/schema/entity-model.js';
import type { EntityRecord } from '../../../engine/record-codec.js';
import type { UserCatalog } from '../user-catalog.js';
import { translate } from '../../../../shared/i18n/translate.js';
import { sheetFields, toCell } from './user-sheet.js';

/** Lays out the header: the schema labels in the request's language, required ones marked by colour. */
function describeColumns(sheet: ExcelJS.Worksheet, model: EntityModel, lang: Lang): void {
  const fields = sheetFields(model);
  sheet.columns = fields.map((f) => ({ header: exportedCell(f.label[lang]), key: f.name, width: Math.max(14, f.label[lang].length * 2 + 4) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  fields.forEach((f, i) => {
    if (model.required.includes(f.name)) header.getCell(i + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });
}

/** An empty workbook with the user columns, to fill in and import. */
export async function templateWorkbook(model: EntityModel, lang: Lang): Promise<Buffer> {
  const Excel = await loadExcelJS();
  const workbook = new Excel.Workbook();
  describeColumns(workbook.addWorksheet(translate(lang, 'user.templateName')), model, lang);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Streams the users page by page into a workbook (so a large tenant never sits in
 * memory at once). `nextPage` answers undefined when there is no more.
 */
export function usersWorkbook(opts: {
  model: EntityModel;
  lang: Lang;
  catalog: UserCatalog;
  first: EntityRecord[];
  nextPage: () => Promise<EntityRecord[] | undefined>;
}): Readable {
  const out = new PassThrough();
  const write = async () => {
    const Excel = await loadExcelJS();
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet(translate(opts.lang, 'user.exportName'));
    describeColumns(sheet, opts.model, opts.lang);
    const fields = sheetFields(opts.model);
    for (let records: EntityRecord[] | undefined = opts.first; records; records = await opts.nextPage()) {
      for (const record of records) sheet.addRow(fields.map((f) => exportedCell(toCell(f, record[f.name], opts.catalog)))).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
