import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useLang } from '../../i18n/use-lang';
import { PageLoading } from '../../ui/PageLoading';
import { exportReport, reportDefinitions, runReport, type ReportAnswer, type ReportDefinition, type ReportFilters } from './report-api';
import { ReportFilterBar } from './ReportFilterBar';
import { ReportTable } from './ReportTable';
import { reportText } from './report-texts';

const ReportChart = lazy(() => import('./ReportChart'));

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The first day of the range a report opens on, up to today. */
function firstDay(range: ReportDefinition['defaultRange'], today: Date): string {
  if (range === 'month') return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-01`;
  // The last 12 months: this month and the 11 before it.
  if (range === 'twelveMonths') return isoDate(new Date(today.getFullYear(), today.getMonth() - 11, 1));
  return `${today.getFullYear()}-01-01`;
}

/** This year (this month, the last 12 months) up to today; sale targets: this year. */
function defaultFilters(definition: ReportDefinition): ReportFilters {
  const today = new Date();
  const filters: ReportFilters = {};
  const first = firstDay(definition.defaultRange, today);
  if (definition.filters.includes('startDate')) filters.startDate = first;
  if (definition.filters.includes('endDate')) filters.endDate = isoDate(today);
  if (definition.filters.includes('year')) filters.year = String(today.getFullYear());
  return filters;
}

const nameOfPath = (pathname: string) => /^\/report\/([^/]+)\/index$/.exec(pathname)?.[1];

/** A business report (/report/<name>/index): filters, totals, chart, table, export — drawn from the server's definition. */
export function ReportPage() {
  const lang = useLang();
  const name = nameOfPath(useLocation().pathname);
  const [definition, setDefinition] = useState<ReportDefinition | null>();
  const [filters, setFilters] = useState<ReportFilters>({});
  const [applied, setApplied] = useState<ReportFilters>();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [answer, setAnswer] = useState<ReportAnswer>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    reportDefinitions().then((all) => {
      const found = all.find((d) => d.name === name) ?? null;
      setDefinition(found);
      if (found) {
        const start = defaultFilters(found);
        setFilters(start);
        setApplied(start);
      }
    }, () => setDefinition(null));
  }, [name]);

  useEffect(() => {
    if (!definition || !applied) return;
    let live = true;
    setLoading(true);
    runReport(definition.name, applied, page).then(
      (a) => { if (live) { setAnswer(a); setError(undefined); } },
      (e: Error) => { if (live) { setAnswer(undefined); setError(e.message); } },
    ).finally(() => live && setLoading(false));
    return () => { live = false; };
  }, [definition, applied, page]);

  const search = useCallback(() => { setApplied({ ...filters }); setPage((p) => ({ ...p, current: 1 })); }, [filters]);
  const reset = useCallback(() => {
    if (!definition) return;
    const start = defaultFilters(definition);
    setFilters(start);
    setApplied(start);
    setPage((p) => ({ ...p, current: 1 }));
  }, [definition]);
  const download = useCallback(() => {
    if (!definition) return;
    setExporting(true);
    exportReport(definition.name, filters, `${definition.label[lang]}.xlsx`).catch(() => undefined).finally(() => setExporting(false));
  }, [definition, filters, lang]);

  if (definition === undefined) return <PageLoading />;
  if (definition === null) return <Alert severity="warning">{reportText(lang, 'unknownReport')}</Alert>;
  const empty = answer && answer.total === 0;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid={`report-${definition.name}`}>
      <Paper sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography variant="h6">{definition.label[lang]}</Typography>
        <ReportFilterBar definition={definition} filters={filters} lang={lang} onChange={setFilters} onSearch={search} onReset={reset} onExport={download} exporting={exporting} />
      </Paper>
      {error && <Alert severity="error" data-testid="report-error">{error}</Alert>}
      {empty && (
        <Alert severity="info" data-testid="report-empty">
          {reportText(lang, 'empty')} — {reportText(lang, 'emptyHint')}
        </Alert>
      )}
      {answer && !empty && (
        <Paper sx={{ p: 2, opacity: loading ? 0.6 : 1 }}>
          <Suspense fallback={<Box sx={{ height: 300 }} />}>
            <ReportChart definition={definition} rows={answer.chart} lang={lang} />
          </Suspense>
        </Paper>
      )}
      {answer && !empty && (
        <Paper sx={{ opacity: loading ? 0.6 : 1 }}>
          <ReportTable definition={definition} answer={answer} lang={lang} onPage={(current, size) => setPage({ current, size })} />
        </Paper>
      )}
    </Box>
  );
}
