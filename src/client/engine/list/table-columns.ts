import { createElement } from 'react';
import type { MRT_ColumnDef, MRT_VisibilityState } from 'material-react-table';
import { fieldOf, type EntityModel, type Lang, type ListView } from '../../../shared/schema/entity-model';
import type { ResourceRow } from '../data/resource-api';
import { CellValue } from './CellValue';
import { DATA_COLUMN_SIZE, dataColumnMinWidth, shrinkingCellStyle } from './column-fit';

/**
 * The table's columns from the view: headers from the field labels, cells through
 * CellValue; sortable on the server in page mode. With a child list, the first column
 * opens it (Saber's clickable dictionary code). A column gives up width down to what its
 * header needs before the table scrolls (column-fit.ts).
 */
export function buildColumns(input: {
  model: EntityModel;
  view: ListView;
  lang: Lang;
  /** 是 / 否 in the console's language (switch fields). */
  yesNo: readonly [string, string];
  onOpenChildren?: (row: ResourceRow) => void;
}): MRT_ColumnDef<ResourceRow>[] {
  const { model, view, lang, yesNo, onOpenChildren } = input;
  return view.columns.map((column, index) => {
    const field = fieldOf(model, column.field);
    const onClick = index === 0 && onOpenChildren ? onOpenChildren : undefined;
    const header = field?.label[lang] ?? column.field;
    const minSize = dataColumnMinWidth({ label: header, sortable: view.mode === 'page', type: field?.type });
    const size = Math.max(column.width ?? DATA_COLUMN_SIZE, minSize);
    const cellStyle = shrinkingCellStyle({ size, minSize });
    return {
      id: column.field,
      header,
      accessorFn: (row: ResourceRow) => row[column.field],
      size,
      minSize,
      // A narrowed header breaks between words (two CJK characters a line) instead of being cut.
      muiTableHeadCellProps: { sx: { ...cellStyle, '& .Mui-TableHeadCell-Content-Wrapper': { whiteSpace: 'normal' } } },
      muiTableBodyCellProps: { sx: cellStyle },
      enableSorting: view.mode === 'page',
      Cell: ({ row }) =>
        createElement(CellValue, { field, row: row.original, lang, yesNo, onClick: onClick && (() => onClick(row.original)) }),
    };
  });
}

/** Columns the view declares hidden. */
export function hiddenColumns(view: ListView): MRT_VisibilityState {
  return Object.fromEntries(view.columns.filter((c) => c.hidden).map((c) => [c.field, false]));
}
