import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { ActionDialog } from '../../../components/ActionDialog';
import { useSubmit } from '../../shared/use-submit';
import { putFileAttach } from '../resource-api';

export interface AttachUploadDialogProps {
  onClose: () => void;
  /** After a successful upload (the dialog closes and the list reloads). */
  onDone: () => void;
}

/** 附件管理 (555 px): 附件上传, a drop zone or file pick uploaded at once to put-file-attach. */
export function AttachUploadDialog({ onClose, onDone }: AttachUploadDialogProps) {
  const { t } = useTranslation();
  const { busy, run } = useSubmit(onDone);
  const [over, setOver] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file || busy) return;
    await run(() => putFileAttach(file));
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void upload(e.dataTransfer.files?.[0]);
  };
  return (
    <ActionDialog id="attach_upload_dialog" title={t('pages.resource.attachDialog')} width={555} readOnly onClose={onClose}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography sx={{ minWidth: 80, pt: 1 }}>{t('pages.resource.attachFile')}</Typography>
        <Box
          id="attach_upload_drop"
          component="label"
          onDragOver={(e) => { e.preventDefault(); setOver(true); }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          sx={{
            flex: 1, height: 180, border: '1px dashed', borderColor: over ? 'primary.main' : 'divider', borderRadius: 1,
            display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', cursor: 'pointer',
          }}
        >
          {busy ? <CircularProgress size={32} /> : <CloudUploadOutlinedIcon color="disabled" sx={{ fontSize: 56 }} />}
          <Typography variant="body2" color="text.secondary">
            {t('pages.resource.dropTip')}
            <Link component="span" underline="none">{t('pages.resource.clickUpload')}</Link>
          </Typography>
          <input id="attach_upload_file" type="file" hidden disabled={busy} onChange={(e) => void upload(e.target.files?.[0])} />
        </Box>
      </Stack>
    </ActionDialog>
  );
}
