import { MaterialReactTable } from 'material-react-table';
import { rendersRowsInView, useResourceTable, type ResourceTableInput } from './use-resource-table';

/** The list's table (material-react-table), with its toolbar and row actions. */
export function ResourceTable(props: ResourceTableInput) {
  // MRT fixes row virtualization when the table is made: switching it makes a new table.
  const key = rendersRowsInView(props.view, props.list.rows.length) ? 'rows-in-view' : 'all-rows';
  return <TableOfRows key={key} {...props} />;
}

function TableOfRows(props: ResourceTableInput) {
  const table = useResourceTable(props);
  return <MaterialReactTable table={table} />;
}
