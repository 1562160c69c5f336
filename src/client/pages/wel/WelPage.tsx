import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { request } from '../../api/http';
import { useLang } from '../../i18n/use-lang';
import { lazyPage } from '../../ui/lazy-page';
import { needsGuestRegistration } from '../../session/guest';
import { useSession } from '../../session/use-session';
import { siteConfig } from '../../site-config';
import { SampleTable } from './SampleTable';
import { StatCard } from './StatCard';
import { useDashboard } from './use-dashboard';

const RegisterDialog = lazyPage(() => import('./RegisterDialog').then((m) => m.RegisterDialog));
const WelTrendChart = lazy(() => import('./WelTrendChart'));

/** The demo accounts of the caller's tenant that exist (none with DEMO_ACCOUNTS=off or once removed). */
function useDemoAccounts(): string[] {
  const { data } = useSWR('/blade-user/demo-accounts', (url: string) => request<string[]>({ url, silent: true }), { revalidateOnFocus: false });
  return Array.isArray(data) ? data : [];
}

/** /wel/index: greeting, the tenant's figures of today with their 7-day trend, the demo accounts; the guest registration dialog for third-party users. */
export function WelPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const statistics = useDashboard();
  const { userInfo } = useSession();
  const demoAccounts = useDemoAccounts();
  const name = userInfo?.nick_name || userInfo?.user_name || userInfo?.account || '';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h5">{t('wel.welcome', { title: siteConfig.title })}</Typography>
        {name && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('wel.greeting', { name })}
          </Typography>
        )}
      </Paper>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('wel.today')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }} data-testid="wel-stats">
        {statistics?.figures.map((figure) => (
          <StatCard key={figure.key} id={`wel-${figure.key}`} label={figure.label} value={figure.today} color={figure.color} />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <Paper sx={{ p: 2 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('wel.trend')}
          </Typography>
          <Suspense fallback={<Box sx={{ height: 280 }} />}>{statistics && <WelTrendChart statistics={statistics} lang={lang} />}</Suspense>
        </Paper>
        {demoAccounts.length > 0 && (
          <SampleTable
            id="wel-accounts"
            title={t('wel.accounts')}
            columns={[t('wel.account'), t('wel.role'), t('wel.password')]}
            rows={demoAccounts.map((account) => [account, t(`wel.roles.${account}`, { defaultValue: account }), '123456'])}
          />
        )}
      </Box>
      {needsGuestRegistration(userInfo) && (
        <Suspense fallback={null}>
          <RegisterDialog />
        </Suspense>
      )}
    </Box>
  );
}
