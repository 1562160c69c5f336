import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isExternalPath } from '../../session/menu-tree';

/** /myiframe/urlPath?src=<url>&name=<label>: an external page inside the layout (the URL must begin with http or https). */
export function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const src = params.get('src') ?? '';
  if (!isExternalPath(src)) return <Alert severity="warning">{t('iframe.badUrl')}</Alert>;
  return (
    <Box
      component="iframe"
      data-testid="myiframe"
      src={src}
      title={params.get('name') ?? src}
      sx={{ display: 'block', width: '100%', height: 'calc(100vh - 130px)', border: 0, bgcolor: 'background.paper' }}
    />
  );
}
