import type { EndpointModel, EntityModel, FieldModel, Lang } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';
import type { SheetColumn } from '../../excel/streamed-sheet.js';
import { OptionLabels } from './option-labels.js';
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
  /** Reads what the cells of a batch of records need (the labels of their options fields), before `cells`. */
  prepare?(records: EntityRecord[]): Promise<void>;
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
  /** Fields whose header is marked (red) as one an import needs. */
  required?: string[];
  prepare?: (records: EntityRecord[]) => Promise<void>;
  cell: (field: FieldModel, record: EntityRecord) => Cell;
}): ExportSource {
  const { fields, cell } = opts;
  return {
    fileName: opts.name,
    sheetName: opts.name,
    endpoint: opts.endpoint,
    query: opts.query,
    columns: fields.map((f) => ({ ...columnOf(f.label[opts.lang]), ...(opts.required?.includes(f.name) ? { marked: true } : {}) })),
    prepare: opts.prepare,
    cells: (record) => fields.map((f) => cell(f, record)),
  };
}

/**
 * Any page list: the list's columns (or the ones sent), dictionary labels, the labels of
 * options fields (`x-options` of another entity: names, not ids), parent names, numbers as numbers.
 */
export function entityExport(services: AppServices, model: EntityModel): ExportKind {
  return {
    async open(ctx, params) {
      const fields = exportFields(model, params.columns);
      // A tree's parent is named by `parentName` (顶级 at the root), as the list shows it.
      const options = OptionLabels.of(services, fields.filter((f) => !f.dict && model.tree?.parentField !== f.name));
      return fieldsSource({
        name: model.label[ctx.lang],
        lang: ctx.lang,
        endpoint: model.endpoints[params.endpoint ?? model.list.endpoint],
        query: params.query,
        fields,
        prepare: (records) => options.load(ctx, records),
        cell: (field, record) => (options.has(field) ? options.label(field, record[field.name]) : exportCell(model, field, record)),
      });
    },
  };
}
