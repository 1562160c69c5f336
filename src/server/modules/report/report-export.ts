import { PassThrough } from 'node:stream';
import type { Lang } from '../../../shared/schema/entity-model.js';
import { StreamedSheet } from '../../excel/streamed-sheet.js';
import { reportText } from './report-messages.js';
import { forEachBatch, reportTotals, type ReportRow } from './report-query.js';
import type { ReportRun, ReportSpec, ValueFormat } from './report-types.js';

/*
 * Rows a cursor fetch hands over. The streams never back up (the deflate keeps up with the
 * rows); what grew the process was garbage: a batch's rows lived through several young
 * collections (label query, thousands of cells written), so V8 promoted them to the old heap,
 * freed only by a full collection. Smaller batches and rows let go once written keep them young.
 */
const BATCH = 500;

const NUMBER_FORMATS: Partial<Record<ValueFormat, string>> = {
  money: '#,##0.00', number: '#,##0.##', integer: '#,##0', percent: '0.00%',
};

interface Column { key: string; header: string; format: ValueFormat; width: number }

function columnsOf(spec: ReportSpec, lang: Lang): Column[] {
  return [
    ...spec.dims.map((d) => ({ key: `${d.key}Name`, header: d.label[lang], format: 'text' as const, width: d.key === 'month' ? 10 : 24 })),
    ...spec.measures.map((m) => ({ key: m.key, header: m.label[lang], format: m.format, width: m.format === 'money' ? 16 : 12 })),
  ];
}

function cellValue(row: ReportRow, column: Column): string | number | null {
  const value = row[column.key];
  if (value === null || value === undefined) return null;
  return column.format === 'text' || column.format === 'date' ? String(value) : Number(value);
}

/**
 * Writes the report to an .xlsx stream (the shared streamed sheet): each batch of rows is
 * committed as it arrives, then the totals row. Answers the stream at once; the rows
 * follow as the cursor is read.
 */
export function exportReport(run: ReportRun): PassThrough {
  const { spec, ctx } = run;
  const out = new PassThrough();
  const columns = columnsOf(spec, ctx.lang);
  const write = async () => {
    const sheet = await StreamedSheet.open(out, { name: spec.label[ctx.lang], columns: columns.map((c) => ({ header: c.header, width: c.width, numFmt: NUMBER_FORMATS[c.format] })) });
    await forEachBatch(run, { batchSize: BATCH, onBatch: async (rows) => {
      // Each row is let go as soon as it is turned into cells, so it dies young instead of being promoted with its batch.
      const cells: (string | number | null)[][] = [];
      for (let row = rows.shift(); row; row = rows.shift()) cells.push(columns.map((c) => cellValue(row!, c)));
      await sheet.addRows(cells);
    } });
    const totals = await reportTotals(run);
    sheet.addBoldRow(columns.map((c, i) => (i === 0 ? reportText(ctx.lang, 'total') : c.format === 'text' ? null : cellValue(totals, c))));
    await sheet.finish();
  };
  write().catch((error) => out.destroy(error));
  return out;
}
