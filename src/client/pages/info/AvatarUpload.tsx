import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface AvatarUploadProps {
  src: string;
  isUploading: boolean;
  onPick(file: File | undefined): void;
}

/** The avatar and its file picker (`#info_avatar_file`); the page checks type and size before uploading. */
export function AvatarUpload({ src, isUploading, onPick }: AvatarUploadProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar src={src || undefined} data-testid="info-avatar" sx={{ width: 80, height: 80 }} />
      <Box>
        <Button component="label" variant="outlined" size="small" startIcon={isUploading ? <CircularProgress size={14} /> : <PhotoCameraOutlined />} disabled={isUploading}>
          {t('info.avatar')}
          <input
            id="info_avatar_file"
            hidden
            type="file"
            accept="image/jpeg,image/png"
            onChange={(e) => {
              onPick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {t('info.avatarTip')}
        </Typography>
      </Box>
    </Box>
  );
}
