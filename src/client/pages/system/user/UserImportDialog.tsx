import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ActionDialog } from '../../../components/ActionDialog';
import type { ImportRowError } from './import-errors';
import { useUserImport } from './use-user-import';

export interface UserImportDialogProps {
  onClose: () => void;
  onDone: () => void;
}

function RowErrors({ errors, onDownload }: { errors: ImportRowError[]; onDownload?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Alert severity="error">{t('pages.user.importErrors')}</Alert>
      {onDownload && (
        <Link component="button" type="button" id="user_import_error_workbook" onClick={onDownload} sx={{ alignSelf: 'flex-start' }}>
          {t('pages.user.errorWorkbook')}
        </Link>
      )}
      <Table size="small" id="user_import_errors">
        <TableHead>
          <TableRow>
            <TableCell>{t('pages.user.errorRow')}</TableCell>
            <TableCell>{t('pages.user.errorField')}</TableCell>
            <TableCell>{t('pages.user.errorMessage')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((e, i) => (
            <TableRow key={i}>
              <TableCell>{e.row ?? ''}</TableCell>
              <TableCell>{e.field ?? ''}</TableCell>
              <TableCell>{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

/** 用户数据导入 (555 px): workbook, 数据覆盖 switch, template download; per-row errors (and the annotated workbook) after a refusal. */
export function UserImportDialog({ onClose, onDone }: UserImportDialogProps) {
  const { t } = useTranslation();
  const state = useUserImport(onDone);
  return (
    <ActionDialog id="user_import_dialog" title={t('pages.user.importDialog')} width={555} busy={state.busy} onSubmit={() => void state.submit()} onClose={onClose}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography sx={{ minWidth: 80 }}>{t('pages.user.importFile')}</Typography>
          <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />}>
            {t('pages.user.chooseFile')}
            <input
              id="user_import_file"
              type="file"
              hidden
              accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => state.pickFile(e.target.files?.[0])}
            />
          </Button>
          <Typography variant="body2" id="user_import_file_name" noWrap>
            {state.file?.name ?? ''}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('pages.user.importTip')}
        </Typography>
        <FormControlLabel
          label={t('pages.user.isCovered')}
          control={<Switch id="user_import_covered" checked={state.isCovered} onChange={(e) => state.setCovered(e.target.checked)} />}
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography sx={{ minWidth: 80 }}>{t('pages.user.template')}</Typography>
          <Link component="button" type="button" id="user_import_template" onClick={() => void state.downloadTemplate()}>
            {t('pages.user.templateDownload')}
          </Link>
        </Stack>
        {state.rowErrors.length > 0 && <RowErrors errors={state.rowErrors} onDownload={state.downloadErrorWorkbook} />}
      </Stack>
    </ActionDialog>
  );
}
