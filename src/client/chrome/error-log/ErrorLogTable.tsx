import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorLog } from '../../store/logs-store';

/** Columns type, url, message, time; the stack (and where it was caught) in an expand row. */
export function ErrorLogTable({ logs }: { logs: ErrorLog[] }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (index: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <Table size="small" id="error_log_table" stickyHeader>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 48 }} aria-label={t('logs.stack')} />
          <TableCell sx={{ width: 90 }}>{t('logs.type')}</TableCell>
          <TableCell sx={{ width: '28%' }}>{t('logs.url')}</TableCell>
          <TableCell>{t('logs.message')}</TableCell>
          <TableCell sx={{ width: 180 }}>{t('logs.time')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {logs.map((log, index) => (
          <Fragment key={`${log.time}-${index}`}>
            <TableRow hover data-log-row={index}>
              <TableCell>
                <IconButton size="small" aria-label={t('logs.stack')} data-expand={index} onClick={() => toggle(index)}>
                  {expanded.has(index) ? <KeyboardArrowDown fontSize="small" /> : <KeyboardArrowRight fontSize="small" />}
                </IconButton>
              </TableCell>
              <TableCell sx={{ color: 'error.main' }}>{log.type}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{log.url}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{log.message}</TableCell>
              <TableCell>{log.time}</TableCell>
            </TableRow>
            {expanded.has(index) && (
              <TableRow>
                <TableCell colSpan={5} sx={{ bgcolor: 'action.hover' }}>
                  <Box component="pre" data-stack={index} sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {`${t('logs.stack')}: ${log.stack || '-'}\n${t('logs.info')}: ${log.info || '-'}`}
                  </Box>
                </TableCell>
              </TableRow>
            )}
          </Fragment>
        ))}
        {logs.length === 0 && (
          <TableRow>
            <TableCell colSpan={5} align="center" sx={{ color: 'text.secondary', py: 4 }}>
              {t('logs.empty')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
