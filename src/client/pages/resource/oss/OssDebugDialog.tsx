import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { toast } from '../../../ui/toast';
import { ActionDialog } from '../../../components/ActionDialog';
import { reportFailure } from '../../../ui/report-failure';
import { putFile } from '../resource-api';

export interface OssDebugDialogProps {
  ossCode: string;
  onClose: () => void;
}

/**
 * 对象存储上传调试 (550 px): 资源编号 (disabled) and 上传背景, a picture uploaded at once
 * to `put-file?code=`; the answer's link and the picture are shown, 提交 repeats the
 * link as Saber's message does ('获取到图片地址:[url]').
 */
export function OssDebugDialog({ ossCode, onClose }: OssDebugDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string>();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      setLink((await putFile(ossCode, file)).link);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const submit = () => {
    if (link) toast.success(t('pages.resource.ossLink', { url: link }));
    else toast.warning(t('pages.resource.uploadFirst'));
  };
  return (
    <ActionDialog id="oss_debug_dialog" title={t('pages.resource.ossDebugDialog')} width={550} readOnly onClose={onClose}>
      <Stack spacing={2}>
        <TextField id="oss_debug_code" label={t('pages.resource.code')} value={ossCode} size="small" disabled fullWidth />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography sx={{ minWidth: 80, pt: 1 }}>{t('pages.resource.ossUpload')}</Typography>
          <Box
            component="label"
            sx={{
              width: 148, height: 148, border: '1px dashed', borderColor: 'divider', borderRadius: 1, cursor: 'pointer',
              display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'action.hover',
            }}
            title={t('pages.resource.choosePicture')}
          >
            {busy ? <CircularProgress size={24} /> : link ? (
              <img id="oss_debug_image" src={link} alt="" style={{ maxWidth: '100%', maxHeight: '100%' }} />
            ) : <AddPhotoAlternateOutlinedIcon color="disabled" fontSize="large" />}
            <input id="oss_debug_file" type="file" hidden accept="image/*" onChange={(e) => void pick(e.target.files?.[0])} />
          </Box>
        </Stack>
        <Typography variant="caption" color="text.secondary">{t('pages.resource.pictureTip')}</Typography>
        {link && (
          <Typography id="oss_debug_link" variant="body2" sx={{ wordBreak: 'break-all' }}>
            {t('pages.resource.ossLink', { url: link })}
          </Typography>
        )}
        <Box>
          <Button id="oss_debug_submit" variant="contained" disabled={busy} onClick={submit}>{t('pages.resource.submit')}</Button>
        </Box>
      </Stack>
    </ActionDialog>
  );
}
