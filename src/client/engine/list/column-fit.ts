import type { MRT_TableInstance, MRT_RowData } from 'material-react-table';
import type { FieldType } from '../../../shared/schema/entity-model';

/** A data column's width when the schema names none (px). */
export const DATA_COLUMN_SIZE = 120;
/** The narrowest a data column becomes before the table scrolls (Saber's el-table: 80; 76 lets 菜单管理's seven columns fit at 1440 px in English). */
const DATA_COLUMN_FLOOR = 76;
/** The header cell's padding (compact: 0.5rem a side) and its sort button with its badge. */
const HEADER_PADDING = 16;
const SORT_BUTTON = 23;
/** Values of a known length read whole: `yyyy-MM-dd HH:mm:ss` and `yyyy-MM-dd` at 14 px, with the cell's padding. */
const VALUE_WIDTH: Partial<Record<FieldType, number>> = { datetime: 152, date: 96 };

/** Estimated width of a header text at 14 px bold: CJK characters, other characters. */
function headerTextWidth(text: string): number {
  return [...text].reduce((width, ch) => width + (ch.charCodeAt(0) > 0x2e80 ? 14.5 : 8.2), 0);
}

/**
 * The narrowest width at which a data column still reads: its header's longest word on one
 * line (CJK labels may break between any two characters, so two of them) plus the sort
 * button, and a date whole. Above the column's size it widens the column (a long English
 * word was cut at 120 px).
 */
export function dataColumnMinWidth(input: { label: string; sortable: boolean; type?: FieldType }): number {
  const { label, sortable, type } = input;
  const words = label.split(/\s+/).flatMap((word) => word.match(/[\u2e80-\uffff]{1,2}|[^\u2e80-\uffff]+/g) ?? []);
  const longest = Math.max(0, ...words.map(headerTextWidth));
  const needed = Math.ceil(longest + HEADER_PADDING + (sortable ? SORT_BUTTON : 0));
  return Math.max(DATA_COLUMN_FLOOR, needed, (type && VALUE_WIDTH[type]) ?? 0);
}

/**
 * Cell styles of a data column that gives up width when the table is narrower than the
 * columns' sizes: its size is where it starts (and how much it grows or gives up, relative to
 * the others), its minimum where it stops. MRT's grid layout never shrinks a column (min-width
 * = size), so the table scrolled and the pinned 操作 column covered the last columns.
 */
export function shrinkingCellStyle(input: { size: number; minSize: number }) {
  return { flex: `${input.size} ${input.size} ${input.size}px`, minWidth: `${input.minSize}px` };
}

/**
 * The table as wide as its box, but never narrower than its columns' minimums (then it scrolls).
 * The grid tracks are the table's width, not its rows' content, so the rows' flex decides the
 * columns.
 */
export function fittingTableStyle<Row extends MRT_RowData>(table: MRT_TableInstance<Row>) {
  const minWidth = table
    .getVisibleLeafColumns()
    .reduce((sum, column) => sum + (column.columnDef.minSize ?? column.getSize()), 0);
  const oneTrack = { gridTemplateColumns: '100%' };
  return { minWidth: `${minWidth}px`, ...oneTrack, '& > thead, & > tbody, & > tfoot': oneTrack };
}
