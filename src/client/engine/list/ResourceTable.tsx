import { MaterialReactTable } from 'material-react-table';
import { useResourceTable, type ResourceTableInput } from './use-resource-table';

/** The list's table (material-react-table), with its toolbar and row actions. */
export function ResourceTable(props: ResourceTableInput) {
  const table = useResourceTable(props);
  return <MaterialReactTable table={table} />;
}
