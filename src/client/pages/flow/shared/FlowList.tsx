import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import { MaterialReactTable, useMaterialReactTable, type MRT_ColumnDef, type MRT_PaginationState } from 'material-react-table';
import { MRT_Localization_EN } from 'material-react-table/locales/en';
import { MRT_Localization_ZH_HANS } from 'material-react-table/locales/zh-Hans';
import { DEFAULT_PAGE_SIZES } from '../../../../shared/schema/page-sizes';
import { useLang } from '../../../i18n/use-lang';
import { usePermissions } from '../../../session/use-permissions';
import type { Page, Row } from '../flow-api';
import { categoryOf, useFlowDict } from './use-flow-dict';

export interface FlowColumn {
  field: string;
  label: string;
  width?: number;
  /** The cell; default the field's text. */
  render?: (row: Row) => ReactNode;
}

/** A search input: free text, the `flow` category select, or a date (sent as the day's start/end). */
export interface FlowSearch {
  field: string;
  label: string;
  kind: 'text' | 'category' | 'date-from' | 'date-to';
}

export interface FlowRowAction {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Button code; the button is hidden without it. */
  permission?: string;
  isShownFor?: (row: Row) => boolean;
  onClick: (row: Row, reload: () => void) => void;
}

export interface FlowListProps {
  /** Page endpoint (without /api). */
  url: string;
  columns: FlowColumn[];
  search?: FlowSearch[];
  rowActions: FlowRowAction[];
  /** Parameters sent with every request (`mode`); a change goes back to page 1. */
  fixedParams?: Record<string, unknown>;
  /** Left of the table's top bar: page buttons, the mode radio. */
  toolbar?: (reload: () => void) => ReactNode;
  rowKey?: string;
}

function searchValue(kind: FlowSearch['kind'], value: string): string {
  if (!value) return '';
  if (kind === 'category') return categoryOf(value);
  if (kind === 'date-from') return `${value} 00:00:00`;
  if (kind === 'date-to') return `${value} 23:59:59`;
  return value;
}

/**
 * A workflow list: search bar, server-side pages (BladeX `{records, total}` with
 * current/size), row buttons gated by button codes. The lists of 流程管理 and 我的事务
 * are reads of the workflow tables, not entities, so they are not ResourcePage screens;
 * the ids are the engine's (`#resource_table`, `#search_<field>`, `[data-action]`).
 */
export function FlowList({ url, columns, search = [], rowActions, fixedParams, toolbar, rowKey = 'id' }: FlowListProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const permissions = usePermissions();
  const flowDict = useFlowDict();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [pagination, setPagination] = useState<MRT_PaginationState>({ pageIndex: 0, pageSize: 10 });
  const fixedText = JSON.stringify(fixedParams ?? {});
  const [lastFixed, setLastFixed] = useState(fixedText);
  if (lastFixed !== fixedText) {
    setLastFixed(fixedText);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  }
  const params = useMemo(() => {
    const out: Record<string, unknown> = { ...(fixedParams ?? {}), current: pagination.pageIndex + 1, size: pagination.pageSize };
    for (const s of search) {
      const value = searchValue(s.kind, applied[s.field] ?? '');
      if (value) out[s.field] = value;
    }
    return out;
    // fixedText stands for fixedParams' content.
  }, [fixedText, pagination, applied, search]);
  const { data, isLoading, isValidating, mutate } = useSWR<Page>([url, params], { keepPreviousData: true });
  const reload = () => void mutate();
  const shown = rowActions.filter((a) => a.permission === undefined || permissions[a.permission]);
  const tableColumns = useMemo<MRT_ColumnDef<Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.field,
        accessorFn: (row: Row) => row[c.field],
        header: c.label,
        size: c.width ?? 140,
        Cell: ({ row }) => (c.render ? c.render(row.original) : String(row.original[c.field] ?? '')),
      })),
    [columns],
  );
  const table = useMaterialReactTable({
    columns: tableColumns,
    data: data?.records ?? [],
    getRowId: (row, index) => String(row[rowKey] ?? `#${index}`),
    localization: { ...(lang === 'en' ? MRT_Localization_EN : MRT_Localization_ZH_HANS), noRecordsToDisplay: t('pages.common.noData') },
    layoutMode: 'grid',
    initialState: { density: 'compact', columnPinning: { right: ['mrt-row-actions'] } },
    enableColumnPinning: true,
    state: { isLoading, showProgressBars: isValidating && !isLoading, pagination },
    manualPagination: true,
    rowCount: data?.total ?? 0,
    onPaginationChange: setPagination,
    muiPaginationProps: { rowsPerPageOptions: [...DEFAULT_PAGE_SIZES] },
    enableSorting: false,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableRowActions: shown.length > 0,
    positionActionsColumn: 'last',
    displayColumnDefOptions: {
      'mrt-row-actions': {
        header: t('pages.flow.actions'),
        size: Math.max(90, shown.reduce((w, a) => w + 40 + a.label.length * 14, 16)),
        grow: false,
        // Pinned cells are translucent by default: the columns scrolled beneath would show through.
        muiTableHeadCellProps: ({ table: tbl }) => ({ sx: { opacity: 1, backgroundColor: tbl.options.mrtTheme.baseBackgroundColor } }),
        muiTableBodyCellProps: ({ table: tbl }) => ({ sx: { opacity: 1, backgroundColor: tbl.options.mrtTheme.baseBackgroundColor } }),
      },
    },
    renderRowActions: ({ row }) => (
      <Stack direction="row" sx={{ flexWrap: 'nowrap', '& .MuiButton-root': { minWidth: 0, px: 0.75, whiteSpace: 'nowrap' } }}>
        {shown
          .filter((a) => !a.isShownFor || a.isShownFor(row.original))
          .map((a) => (
            <Button key={a.key} size="small" data-action={a.key} startIcon={a.icon} onClick={() => a.onClick(row.original, reload)}>
              {a.label}
            </Button>
          ))}
      </Stack>
    ),
    renderTopToolbarCustomActions: () => (toolbar ? <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>{toolbar(reload)}</Stack> : null),
    muiTablePaperProps: { elevation: 0, id: 'resource_table' },
  });
  const submit = () => {
    setApplied(draft);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  };
  const clear = () => {
    setDraft({});
    setApplied({});
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {search.length > 0 && (
        <Stack
          component="form"
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ flexWrap: 'wrap', mb: 1.5, alignItems: 'center' }}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {search.map((s) => (
            <TextField
              key={s.field}
              id={`search_${s.field}`}
              label={s.label}
              size="small"
              sx={{ width: 200 }}
              select={s.kind === 'category'}
              type={s.kind.startsWith('date') ? 'date' : 'text'}
              slotProps={{ inputLabel: s.kind.startsWith('date') ? { shrink: true } : undefined }}
              value={draft[s.field] ?? ''}
              onChange={(event) => setDraft((d) => ({ ...d, [s.field]: event.target.value }))}
            >
              {s.kind === 'category'
                ? [
                    <MenuItem key="" value="">
                      &nbsp;
                    </MenuItem>,
                    ...flowDict.items.map((item) => (
                      <MenuItem key={item.dictKey} value={item.dictKey}>
                        {item.dictValue}
                      </MenuItem>
                    )),
                  ]
                : undefined}
            </TextField>
          ))}
          <Button id="search_submit" type="submit" variant="contained" size="small" startIcon={<SearchIcon />}>
            {t('pages.flow.search')}
          </Button>
          <Button id="search_reset" size="small" startIcon={<DeleteSweepOutlinedIcon />} onClick={clear}>
            {t('pages.flow.reset')}
          </Button>
        </Stack>
      )}
      <MaterialReactTable table={table} />
    </Paper>
  );
}
