import { ImportWorkbookFields } from '../../shared/ImportWorkbookFields';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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
        <ImportWorkbookFields idPrefix="user" file={state.file} onFile={state.pickFile} isCovered={state.isCovered} onCovered={state.setCovered} onDownloadTemplate={() => void state.downloadTemplate()} />
        {state.rowErrors.length > 0 && <RowErrors errors={state.rowErrors} onDownload={state.downloadErrorWorkbook} />}
      </Stack>
    </ActionDialog>
  );
}
