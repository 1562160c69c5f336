import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../chrome/LanguageSwitch';
import { lazyPage } from '../../ui/lazy-page';
import { PageLoading } from '../../ui/PageLoading';
import { siteConfig } from '../../site-config';
import { AccountForm } from './AccountForm';
import { Clock } from './Clock';
import { LoginTabs, type LoginTab } from './LoginTabs';
import { useTenantInfo } from './use-tenant-info';

// The other two ways are loaded when their tab is picked: the login route stays small.
const PhoneForm = lazyPage(() => import('./PhoneForm').then((m) => m.PhoneForm));
const ThirdLogin = lazyPage(() => import('./ThirdLogin').then((m) => m.ThirdLogin));

/** /login (Saber page/login): clock, logo and product on the left; title, language and the three ways to sign in on the right. */
export function LoginPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<LoginTab>('account');
  const tenant = useTenantInfo();
  const background = tenant.backgroundUrl ? `url(${tenant.backgroundUrl}) center / cover` : 'linear-gradient(135deg, #409EFF 0%, #1d3d6e 100%)';
  return (
    <Box data-testid="login-page" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, background }}>
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 880, display: 'flex', overflow: 'hidden', minHeight: 460 }}>
        <Box
          sx={{ flex: 1, display: { xs: 'none', md: 'flex' }, flexDirection: 'column', justifyContent: 'space-between', p: 4, color: '#fff', background: 'linear-gradient(160deg, #1d3d6e 0%, #2f6fc4 100%)' }}
        >
          <Clock sx={{ fontSize: 18, opacity: 0.9 }} />
          <Box>
            <Box sx={{ width: 64, height: 64, borderRadius: 2, bgcolor: '#fff', color: '#1d3d6e', display: 'grid', placeItems: 'center', fontSize: 36, fontWeight: 700, mb: 2 }}>
              {siteConfig.logo}
            </Box>
            <Typography variant="h4" sx={{ fontWeight: 600 }}>
              {siteConfig.title}
            </Typography>
            <Typography sx={{ mt: 1, opacity: 0.85 }}>{t('login.info')}</Typography>
          </Box>
          <Typography variant="caption" sx={{ opacity: 0.7 }}>
            {t('login.slogan')}
          </Typography>
        </Box>
        <Box sx={{ flex: 1, p: 4, display: 'flex', flexDirection: 'column' }}>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flex: 1 }}>
              {t('login.title')} {siteConfig.title}
            </Typography>
            <LanguageSwitch color="default" />
          </Box>
          <LoginTabs value={tab} onChange={setTab} />
          {tab === 'account' && <AccountForm fixedTenantId={tenant.tenantId} />}
          <Suspense fallback={<PageLoading />}>
            {tab === 'phone' && <PhoneForm fixedTenantId={tenant.tenantId} />}
            {tab === 'third' && <ThirdLogin fixedTenantId={tenant.tenantId} />}
          </Suspense>
        </Box>
      </Paper>
    </Box>
  );
}
