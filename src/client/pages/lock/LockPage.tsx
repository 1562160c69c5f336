import ArrowForward from '@mui/icons-material/ArrowForward';
import PowerSettingsNew from '@mui/icons-material/PowerSettingsNew';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { keyframes } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { ConfirmDialog } from '../../chrome/ConfirmDialog';
import { useSession } from '../../session/use-session';
import { useLock } from '../../store/lock-store';
import { getCurrentTag } from '../../store/tags-store';
import { Clock } from '../login/Clock';
import { useUnlock } from './use-unlock';

const shake = keyframes`
  10%, 90% { transform: translateX(-2px); }
  20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-8px); }
  40%, 60% { transform: translateX(8px); }
`;

/** /lock (Saber page/lock): the user's name and a password; a wrong one shakes, the right one returns to the last tab. */
export function LockPage() {
  const { t } = useTranslation();
  const { isLocked } = useLock();
  const { userInfo } = useSession();
  const unlock = useUnlock();
  // Unlocked (just now, or /lock opened by hand): back to the last tab.
  if (!isLocked) return <Navigate to={getCurrentTag().value} replace />;
  const name = userInfo?.nick_name || userInfo?.user_name || userInfo?.account || '';
  return (
    <Box data-testid="lock-page" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: 'linear-gradient(135deg, #1d3d6e 0%, #409EFF 100%)', color: '#fff' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, width: 320 }}>
        <Clock sx={{ fontSize: 48, fontWeight: 300, width: '100%', textAlign: 'center' }} />
        <Avatar src={userInfo?.avatar || undefined} sx={{ width: 72, height: 72, fontSize: 32 }} data-user-content>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography variant="h6" data-user-content>
          {name}
        </Typography>
        <TextField
          id="lock_password"
          type="password"
          autoFocus
          fullWidth
          size="small"
          placeholder={t('lock.unlockPlaceholder')}
          value={unlock.password}
          onChange={(e) => unlock.change(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && unlock.submit()}
          sx={{ bgcolor: 'background.paper', borderRadius: 1, animation: unlock.isWrong ? `${shake} 0.8s` : 'none' }}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton id="lock_submit" edge="end" size="small" aria-label={t('lock.unlock')} onClick={unlock.submit}>
                    <ArrowForward fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button id="lock_logout" color="inherit" startIcon={<PowerSettingsNew />} onClick={unlock.askLogout}>
          {t('navbar.logOut')}
        </Button>
      </Box>
      <ConfirmDialog {...unlock.logoutConfirm} />
    </Box>
  );
}
