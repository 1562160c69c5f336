import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { siteConfig } from '../site-config';
import { logout } from '../session/logout';
import { useSession } from '../session/use-session';
import { ConfirmDialog } from './ConfirmDialog';

/** Avatar and user name with a dropdown: home, log out (after a confirmation). */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const name = userInfo?.nick_name || userInfo?.user_name || userInfo?.account || '';

  const goHome = () => {
    setAnchor(null);
    navigate(siteConfig.firstPage.value);
  };
  const askLogout = () => {
    setAnchor(null);
    setConfirming(true);
  };
  const confirmLogout = async () => {
    setConfirming(false);
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <>
      <Button color="inherit" onClick={(e) => setAnchor(e.currentTarget)} sx={{ textTransform: 'none', gap: 1 }} data-testid="user-menu">
        <Avatar src={userInfo?.avatar || undefined} alt={name} sx={{ width: 28, height: 28, fontSize: 14 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        {name}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={goHome}>{t('navbar.dashboard')}</MenuItem>
        <MenuItem onClick={askLogout}>{t('navbar.logOut')}</MenuItem>
      </Menu>
      <ConfirmDialog
        open={isConfirming}
        message={t('logoutTip')}
        onConfirm={() => void confirmLogout()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
