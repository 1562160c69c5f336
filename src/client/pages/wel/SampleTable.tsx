import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface SampleTableProps {
  id: string;
  title: string;
  columns: string[];
  rows: string[][];
}

/** A titled static table of the welcome page. */
export function SampleTable({ id, title, columns, rows }: SampleTableProps) {
  return (
    <Paper sx={{ p: 2, minWidth: 0 }} data-testid={id}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.join('|')}>
              {row.map((cell, i) => (
                <TableCell key={i} sx={{ whiteSpace: i < row.length - 1 ? 'nowrap' : undefined }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
