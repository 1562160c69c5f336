import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableContainer from '@mui/material/TableContainer';
import type { Lang } from '../../../shared/schema/entity-model';
import type { ReportAnswer, ReportDefinition } from './report-api';
import { formatMonth, formatValue } from './report-format';
import { reportText } from './report-texts';

const PAGE_SIZES = [10, 20, 50, 100];

interface Props {
  definition: ReportDefinition;
  answer: ReportAnswer;
  lang: Lang;
  onPage(current: number, size: number): void;
}

/** The rows of one page, then the totals of the whole filter (not of the page). */
export function ReportTable({ definition, answer, lang, onPage }: Props) {
  const dimText = (key: string, row: Record<string, unknown>) => {
    const value = row[`${key}Name`] ?? row[key];
    return key === 'month' && typeof value === 'string' ? formatMonth(value, lang) : String(value ?? '');
  };
  return (
    <>
      <TableContainer>
        <Table size="small" data-testid="report-table">
          <TableHead>
            <TableRow>
              {definition.dims.map((d) => <TableCell key={d.key}>{d.label[lang]}</TableCell>)}
              {definition.measures.map((m) => <TableCell key={m.key} align="right">{m.label[lang]}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.records.map((row, i) => (
              <TableRow key={i} hover>
                {definition.dims.map((d) => <TableCell key={d.key}>{dimText(d.key, row)}</TableCell>)}
                {definition.measures.map((m) => <TableCell key={m.key} align="right">{formatValue(row[m.key], m.format, lang)}</TableCell>)}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow data-testid="report-totals" sx={{ '& td': { fontWeight: 600, color: 'text.primary' } }}>
              {definition.dims.map((d, i) => <TableCell key={d.key}>{i === 0 ? reportText(lang, 'total') : ''}</TableCell>)}
              {definition.measures.map((m) => (
                <TableCell key={m.key} align="right" data-key={m.key}>{formatValue(answer.totals[m.key], m.format, lang)}</TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={answer.total}
        page={answer.current - 1}
        rowsPerPage={answer.size}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, page) => onPage(page + 1, answer.size)}
        onRowsPerPageChange={(e) => onPage(1, Number(e.target.value))}
        labelDisplayedRows={({ count }) => reportText(lang, 'rows', { n: count.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US') })}
      />
    </>
  );
}
