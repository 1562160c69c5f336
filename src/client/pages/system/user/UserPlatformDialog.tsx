import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { fieldOf, type EntityModel } from '../../../../shared/schema/entity-model';
import { ActionDialog } from '../../../components/ActionDialog';
import { useDictionary } from '../../../engine/data/use-dictionary';
import { useLang } from '../../../i18n/use-lang';
import { usePermissions } from '../../../session/use-permissions';
import { useAsync } from '../../shared/use-async';
import { useSubmit } from '../../shared/use-submit';
import { fetchPlatformDetail, fetchUserPage, updatePlatform } from './user-api';

const PAGE_SIZE = 10;
type Row = Record<string, unknown>;

/**
 * 用户平台配置 (Saber user.vue): the tenant's users (account, tenant, name, platform) with
 * a 配置 button each (`user_edit`), which edits the user's platform and its extension
 * text through `platform-detail` / `update-platform`.
 */
export function UserPlatformDialog({ model, onClose }: { model: EntityModel; onClose: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string>();
  if (editing) return <PlatformForm userId={editing} onClose={() => setEditing(undefined)} />;
  return (
    <ActionDialog id="user_platform_dialog" title={t('pages.user.platformDialog')} width={880} readOnly onClose={onClose}>
      <PlatformList model={model} onEdit={setEditing} />
    </ActionDialog>
  );
}

function PlatformList({ model, onEdit }: { model: EntityModel; onEdit: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const canEdit = usePermissions().user_edit === true;
  const [account, setAccount] = useState('');
  const [query, setQuery] = useState({ account: '', current: 1 });
  const page = useAsync(() => fetchUserPage({ ...query, size: PAGE_SIZE }), [query.account, query.current]);
  const label = (name: string) => fieldOf(model, name)?.label[lang] ?? name;
  const rows = page.data?.records ?? [];
  return (
    <Stack spacing={2}>
      <TextField
        id="user_platform_search_account"
        size="small"
        label={label('account')}
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && setQuery({ account, current: 1 })}
      />
      {page.loading && <LinearProgress />}
      <Table size="small" id="user_platform_table">
        <TableHead>
          <TableRow>
            {['account', 'tenantId', 'realName', 'userType'].map((name) => <TableCell key={name}>{label(name)}</TableCell>)}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row: Row) => (
            <TableRow key={String(row.id)}>
              <TableCell>{String(row.account ?? '')}</TableCell>
              <TableCell>{String(row.tenantName || row.tenantId || '')}</TableCell>
              <TableCell>{String(row.realName ?? '')}</TableCell>
              <TableCell>{String(row.userTypeName || row.userType || '')}</TableCell>
              <TableCell align="right">
                {canEdit && (
                  <Button size="small" data-action="platform" onClick={() => onEdit(String(row.id))}>
                    {t('pages.user.platformEdit')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        count={Math.max(1, Math.ceil((page.data?.total ?? 0) / PAGE_SIZE))}
        page={query.current}
        onChange={(_, current) => setQuery({ ...query, current })}
      />
    </Stack>
  );
}

function PlatformForm({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAsync(() => fetchPlatformDetail(userId), [userId]);
  const { items } = useDictionary('user_type');
  const [edits, setEdits] = useState<{ userType?: string; userExt?: string }>({});
  const { busy, run } = useSubmit(onClose);
  const userType = edits.userType ?? String(detail.data?.userType ?? '');
  const userExt = edits.userExt ?? String(detail.data?.userExt ?? '');
  return (
    <ActionDialog
      id="user_platform_form"
      title={t('pages.user.platformDialog')}
      width={600}
      busy={busy}
      submitDisabled={detail.loading || detail.failed}
      onSubmit={() => void run(() => updatePlatform({ userId, userType, userExt }))}
      onClose={onClose}
    >
      {detail.loading && <LinearProgress />}
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField size="small" label={t('pages.user.platformAccount')} value={String(detail.data?.account ?? '')} disabled />
        <TextField
          id="user_platform_userType"
          select
          size="small"
          label={t('pages.user.platformType')}
          value={userType}
          onChange={(e) => setEdits({ ...edits, userType: e.target.value })}
        >
          {items.map((item) => (
            <MenuItem key={item.dictKey} value={String(item.dictKey)}>
              {item.dictValue}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="user_platform_userExt"
          multiline
          rows={8}
          label={t('pages.user.platformExt')}
          value={userExt}
          onChange={(e) => setEdits({ ...edits, userExt: e.target.value })}
        />
      </Stack>
    </ActionDialog>
  );
}
