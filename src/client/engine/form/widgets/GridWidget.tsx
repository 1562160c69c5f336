import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import type { FieldModel } from '../../../../shared/schema/entity-model';
import { useEngineText } from '../../common/use-engine-text';
import { isOn } from '../../data/values';
import { isWidgetLocked, widgetField } from './widget-field';

type GridRow = Record<string, unknown>;

const SMALL = { size: 'small' as const, variant: 'standard' as const };

/** One cell: the value as text (readOnly), a 0/1 checkbox (switch), a choice among `enum` (select) or a line of text. */
function GridCell(props: { cell: FieldModel; row: GridRow; rowKey: string; locked: boolean; onChange: (value: unknown) => void }) {
  const { cell, row, rowKey, locked, onChange } = props;
  const value = row[cell.name];
  const label = `${rowKey} ${cell.name}`;
  if (cell.readOnly) return <TableCell>{value === null || value === undefined ? '' : String(value)}</TableCell>;
  if (cell.widget === 'switch') {
    return (
      <TableCell padding="checkbox">
        <Checkbox size="small" checked={isOn(value)} disabled={locked} inputProps={{ 'aria-label': label }} onChange={(e) => onChange(e.target.checked ? 1 : 0)} />
      </TableCell>
    );
  }
  if (cell.widget === 'select') {
    const choices = (cell.schema.enum as unknown[]).map(String);
    return (
      <TableCell>
        <TextField {...SMALL} select value={value === null || value === undefined ? '' : String(value)} disabled={locked} sx={{ minWidth: 100 }} inputProps={{ 'aria-label': label }} onChange={(e) => onChange(e.target.value)}>
          {choices.map((c) => <MenuItem key={c} value={c}>{c || '—'}</MenuItem>)}
        </TextField>
      </TableCell>
    );
  }
  return (
    <TableCell>
      <TextField {...SMALL} value={value === null || value === undefined ? '' : String(value)} disabled={locked} inputProps={{ 'aria-label': label, name: cell.name }} onChange={(e) => onChange(e.target.value)} />
    </TableCell>
  );
}

/**
 * `x-widget: "grid"`: a list of rows edited in place, one table row per item
 * (`data-column` = its `x-row-key` value), one column per cell of `items.properties`
 * headed by its label; inputs labelled `<row key> <cell>`. The items' other properties
 * are kept as they came.
 */
export function GridWidget(props: WidgetProps) {
  const { lang } = useEngineText();
  const field = widgetField(props);
  const cells = field?.cells ?? [];
  const keyName = field?.rowKey ?? '';
  const rows: GridRow[] = Array.isArray(props.value) ? (props.value as GridRow[]) : [];
  const locked = isWidgetLocked(props);
  const change = (index: number, name: string, value: unknown) => props.onChange(rows.map((r, i) => (i === index ? { ...r, [name]: value } : r)));
  return (
    <TableContainer id={props.id} sx={{ maxHeight: '60vh' }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {cells.map((cell) => <TableCell key={cell.name} sx={{ whiteSpace: 'nowrap' }}>{cell.label[lang]}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => {
            const rowKey = String(row[keyName] ?? i);
            return (
              <TableRow key={rowKey} data-column={rowKey}>
                {cells.map((cell) => <GridCell key={cell.name} cell={cell} row={row} rowKey={rowKey} locked={locked} onChange={(value) => change(i, cell.name, value)} />)}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
