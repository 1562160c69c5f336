import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatCard } from './StatCard';

const BLOCKS = [
  { key: 'users', value: 2468, color: '#409EFF' },
  { key: 'orders', value: 1357, color: '#67C23A' },
  { key: 'visits', value: 98_765, color: '#E6A23C' },
] as const;

const PROGRESS = [
  { key: 'cpu', value: 42 },
  { key: 'memory', value: 68 },
  { key: 'disk', value: 25 },
] as const;

/** /wel/dashboard (not in the menu): a data display demo (Saber views/wel/dashboard.vue). */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {BLOCKS.map((block) => (
          <StatCard key={block.key} label={t(`dashboard.${block.key}`)} value={block.value} color={block.color} />
        ))}
      </Box>
      <Paper sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('dashboard.resources')}
        </Typography>
        {PROGRESS.map((item) => (
          <Box key={item.key}>
            <Typography variant="body2" color="text.secondary">
              {t(`dashboard.${item.key}`)} {item.value}%
            </Typography>
            <LinearProgress variant="determinate" value={item.value} sx={{ height: 8, borderRadius: 4, mt: 0.5 }} />
          </Box>
        ))}
      </Paper>
    </Box>
  );
}
