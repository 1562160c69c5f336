import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LOGIN_PATH } from '../../routes/paths';
import { loginBySocial } from '../../session/login';
import { siteConfig } from '../../site-config';

/**
 * /oauth/redirect/:source?code&state (the provider's callback): 第三方系统登录中,请稍后。。。
 * while the code is exchanged (grant social); then the home page, or back to /login
 * with the refusal toasted.
 */
export function SocialCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { source = '' } = useParams();
  const [params] = useSearchParams();
  const isStarted = useRef(false);
  useEffect(() => {
    // Once only: a code is single-use (StrictMode runs effects twice in development).
    if (isStarted.current) return;
    isStarted.current = true;
    const form = { source, code: params.get('code') ?? '', state: params.get('state') ?? '', tenantId: params.get('tenantId') ?? undefined };
    void loginBySocial(form).then((ok) => navigate(ok ? siteConfig.firstPage.value : LOGIN_PATH, { replace: true }));
  }, [source, params, navigate]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <CircularProgress />
        <Typography id="social_loading">{t('login.socialLoading')}</Typography>
      </Box>
    </Box>
  );
}
