import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/use-session';
import { siteConfig } from '../../site-config';
import { StatCard } from './StatCard';

/** Sample figures: the welcome page has no statistics source yet (spec: static content). */
const STATS = [
  { key: 'registrations', value: 128, color: '#409EFF' },
  { key: 'logins', value: 1024, color: '#67C23A' },
  { key: 'subscriptions', value: 56, color: '#E6A23C' },
  { key: 'reviews', value: 312, color: '#F56C6C' },
] as const;

/** /wel/index: greeting and today's statistic blocks. */
export function WelPage() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
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
        {STATS.map((stat) => (
          <StatCard key={stat.key} label={t(`wel.${stat.key}`)} value={stat.value} color={stat.color} />
        ))}
      </Box>
    </Box>
  );
}
