import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';

interface DictRow {
  id: string;
  code: string;
  dictKey?: string;
  dictValue: string;
}

interface Page<T> {
  records: T[];
}

/** Saber's dictionary layout demos: the dictionaries, and the entries of the one picked, side by side or stacked. */
function DictDemo({ direction }: { direction: 'row' | 'column' }) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<DictRow>();
  const { data } = useSWR<Page<DictRow>>(['/blade-system/dict/parent-list', { current: 1, size: 100 }]);
  const { data: children } = useSWR<DictRow[]>(parent ? ['/blade-system/dict/dictionary', { code: parent.code }] : null);
  const panel = (title: string, rows: DictRow[], pick?: (row: DictRow) => void) => (
    <Paper sx={{ flex: 1, minWidth: 0, p: 2 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <List dense sx={{ maxHeight: direction === 'row' ? 560 : 260, overflow: 'auto' }} data-user-content>
        {rows.map((row) => (
          <ListItemButton key={row.id} selected={row.id === parent?.id} onClick={pick ? () => pick(row) : undefined}>
            <ListItemText primary={row.dictValue} secondary={pick ? row.code : row.dictKey} />
          </ListItemButton>
        ))}
      </List>
      {rows.length === 0 && <Typography color="text.secondary">{t(pick ? 'pages.common.noData' : 'demo.pickDict')}</Typography>}
    </Paper>
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: direction }, gap: 2 }} data-testid={`dict-demo-${direction}`}>
      {panel(t('demo.dicts'), data?.records ?? [], setParent)}
      {panel(parent ? t('demo.entriesOf', { name: parent.dictValue }) : t('demo.entries'), children ?? [])}
    </Box>
  );
}

/** /dict-horizontal/index */
export function DictHorizontalPage() {
  return <DictDemo direction="row" />;
}

/** /dict-vertical/index */
export function DictVerticalPage() {
  return <DictDemo direction="column" />;
}
