import type { EndpointModel, EntityModel, FieldModel, Lang } from '../../../shared/schema/entity-model.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';
import type { SheetColumn } from '../../excel/streamed-sheet.js';
import { exportCell, exportFields, type Cell } from './sheet-fields.js';

/** What an export job keeps of the request: the list's query (filters, order) and the columns asked for. */
export interface ExportParams {
  query: Record<string, string>;
  columns: string;
  /** The list endpoint's action (jobs queued before export kinds existed name it). */
  endpoint?: string;
}

/** Where an export's rows come from and how each becomes a sheet row, for one caller. */
export interface ExportSource {
  /** The job's and the file's name. */
  fileName: string;
  sheetName: string;
  /** The list endpoint the rows are read through (`page`'s filters, order and data scope), with its query. */
  endpoint: EndpointModel;
  query: Record<string, string>;
  columns: SheetColumn[];
  /** A record as `page` answers it → its cells, in the columns' order. */
  cells(record: EntityRecord): Cell[];
}

/** How an entity is exported: opened once when the job is asked for (a bad parameter or caller is refused then) and once per run. */
export interface ExportKind {
  open(ctx: RequestContext, params: ExportParams): Promise<ExportSource>;
}

/** A column as wide as its header asks. */
export const columnOf = (header: string): SheetColumn => ({ header, width: Math.max(12, Math.min(40, header.length * 2 + 6)) });

/**
 * A source whose columns are fields (headed by their labels in the caller's language), each
 * row one cell per field: what the page lists, the users' and the regions' exports share.
 */
export function fieldsSource(opts: {
  name: string;
  lang: Lang;
  endpoint: EndpointModel;
  query: Record<string, string>;
  fields: FieldModel[];
  cell: (field: FieldModel, record: EntityRecord) => Cell;
}): ExportSource {
  const { fields, cell } = opts;
  return {
    fileName: opts.name,
    sheetName: opts.name,
    endpoint: opts.endpoint,
    query: opts.query,
    columns: fields.map((f) => columnOf(f.label[opts.lang])),
    cells: (record) => fields.map((f) => cell(f, record)),
  };
}

/** Any page list: the list's columns (or the ones sent), dictionary labels, parent names, numbers as numbers. */
export function entityExport(model: EntityModel): ExportKind {
  return {
    async open(ctx, params) {
      return fieldsSource({
        name: model.label[ctx.lang],
        lang: ctx.lang,
        endpoint: model.endpoints[params.endpoint ?? model.list.endpoint],
        query: params.query,
        fields: exportFields(model, params.columns),
        cell: (field, record) => exportCell(model, field, record),
      });
    },
  };
}
