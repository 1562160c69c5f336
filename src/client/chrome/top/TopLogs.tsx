import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Badge from '@mui/material/Badge';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../ui/lazy-page';
import { siteConfig } from '../../site-config';
import { useLogs } from '../../store/logs-store';
import { TopDialogButton } from './TopDialogButton';

const ErrorLogDialog = lazyPage(() => import('../error-log/ErrorLogDialog').then((m) => m.ErrorLogDialog));

/** Bug badge: the number of local error logs (99+ beyond); opens the log viewer. */
export function TopLogs() {
  const { t } = useTranslation();
  const logs = useLogs();
  const max = siteConfig.logBadgeMax;
  // The name starts with what the badge shows (99+), and an empty badge shows nothing (not a hidden "0"): screen readers and speech input read the same as the eye.
  const shown = logs.length > max ? `${max}+` : String(logs.length);
  const label = logs.length ? `${shown} ${t('navbar.bugs')}` : t('navbar.bug');
  return (
    <TopDialogButton id="top_logs" label={label} dialog={ErrorLogDialog}>
      <Badge badgeContent={logs.length || undefined} max={max} color="error" data-testid="log-badge" data-count={logs.length}>
        <BugReportOutlined fontSize="small" />
      </Badge>
    </TopDialogButton>
  );
}
