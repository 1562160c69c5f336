import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { FILTER_OPS, WIDGET_NAMES } from '../../../../shared/schema/entity-model';
import { ActionDialog } from '../../../components/ActionDialog';
import { ConfirmDialog } from '../../../engine/common/ConfirmDialog';
import { useAsync } from '../../shared/use-async';
import { useConfirm } from '../../shared/use-confirm';
import { fetchPrototypes, submitPrototypes, type Prototype } from './model-api';

const FLAGS = ['isList', 'isForm', 'isRow', 'isRequired', 'isQuery'] as const;
const QUERY_TYPES = ['', ...FILTER_OPS, 'range'];

/**
 * 数据库模型配置: the model's columns as an editable grid, one row per field (label,
 * list/form/row/required/search flags, search type, component, dictionary code); saved
 * with submit-list after 确定提交模型配置?
 */
export function ModelPrototypeDialog({ modelId, onClose, onDone }: { modelId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const loaded = useAsync(() => fetchPrototypes(modelId), [modelId]);
  const [rows, setRows] = useState<Prototype[]>([]);
  const confirm = useConfirm();
  useEffect(() => {
    if (loaded.data) setRows(loaded.data);
  }, [loaded.data]);
  const change = (index: number, patch: Partial<Prototype>) => setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const small = { size: 'small' as const, variant: 'standard' as const };
  return (
    <ActionDialog
      id="model_prototype_dialog"
      title={t('pages.model.prototypeDialog')}
      width={1200}
      submitDisabled={!loaded.data}
      onSubmit={() => confirm.ask(t('pages.model.submitConfirm'), async () => { await submitPrototypes(rows); onDone(); })}
      onClose={onClose}
    >
      {loaded.loading && <LinearProgress />}
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {['jdbcName', 'jdbcType', 'propertyName', 'comment', ...FLAGS, 'queryType', 'componentType', 'dictCode'].map((key) => (
              <TableCell key={key}>{t(`pages.model.columns.${key}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={row.jdbcName} data-column={row.jdbcName}>
              <TableCell>{row.jdbcName}</TableCell>
              <TableCell>{row.jdbcType}</TableCell>
              <TableCell>{row.propertyName}</TableCell>
              <TableCell>
                <TextField {...small} value={row.comment} inputProps={{ 'aria-label': `${row.jdbcName} comment`, name: 'comment' }} onChange={(e) => change(i, { comment: e.target.value })} />
              </TableCell>
              {FLAGS.map((flag) => (
                <TableCell key={flag} padding="checkbox">
                  <Checkbox size="small" checked={Number(row[flag]) === 1} inputProps={{ 'aria-label': `${row.jdbcName} ${flag}` }} onChange={(e) => change(i, { [flag]: e.target.checked ? 1 : 0 })} />
                </TableCell>
              ))}
              <TableCell>
                <TextField {...small} select value={row.queryType ?? ''} sx={{ minWidth: 90 }} onChange={(e) => change(i, { queryType: e.target.value })}>
                  {QUERY_TYPES.map((q) => <MenuItem key={q} value={q}>{q || '—'}</MenuItem>)}
                </TextField>
              </TableCell>
              <TableCell>
                <TextField {...small} select value={row.componentType} sx={{ minWidth: 110 }} onChange={(e) => change(i, { componentType: e.target.value })}>
                  {WIDGET_NAMES.map((w) => <MenuItem key={w} value={w}>{w}</MenuItem>)}
                </TextField>
              </TableCell>
              <TableCell>
                <TextField {...small} value={row.dictCode ?? ''} inputProps={{ 'aria-label': `${row.jdbcName} dictCode` }} onChange={(e) => change(i, { dictCode: e.target.value })} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog {...confirm.dialogProps} />
    </ActionDialog>
  );
}
