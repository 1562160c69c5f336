import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { INFO_PATH, LOGIN_PATH } from '../routes/paths';
import { lazyPage } from '../ui/lazy-page';
import { logout } from '../session/logout';
import { useSession } from '../session/use-session';
import { siteConfig } from '../site-config';
import { ConfirmDialog } from './ConfirmDialog';

const SwitchDialog = lazyPage(() => import('./switch/SwitchDialog').then((m) => m.SwitchDialog));

type Open = 'confirm' | 'switch' | undefined;

/** Avatar and user name with a dropdown: home, user info, switch department (switchMode), log out (confirmed). */
export function UserMenu({ isCompact }: { isCompact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>();
  const name = userInfo?.nick_name || userInfo?.user_name || userInfo?.account || '';
  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  const show = (what: Open) => {
    setAnchor(null);
    setOpen(what);
  };
  const confirmLogout = async () => {
    setOpen(undefined);
    await logout();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <>
      <Button color="inherit" onClick={(e) => setAnchor(e.currentTarget)} sx={{ textTransform: 'none', gap: 1, minWidth: 0 }} data-testid="user-menu">
        <Avatar src={userInfo?.avatar || undefined} alt={name} sx={{ width: 28, height: 28, fontSize: 14 }} data-user-content>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        {!isCompact && (
          <Box component="span" data-user-content>
            {name}
          </Box>
        )}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem id="user_menu_home" onClick={() => go(siteConfig.firstPage.value)}>{t('navbar.dashboard')}</MenuItem>
        <MenuItem id="user_menu_info" onClick={() => go(INFO_PATH)}>{t('navbar.userinfo')}</MenuItem>
        {siteConfig.switchMode && <MenuItem id="user_menu_switch" onClick={() => show('switch')}>{t('navbar.switchDept')}</MenuItem>}
        <MenuItem id="user_menu_logout" onClick={() => show('confirm')}>{t('navbar.logOut')}</MenuItem>
      </Menu>
      <ConfirmDialog open={open === 'confirm'} message={t('logoutTip')} onConfirm={() => void confirmLogout()} onClose={() => setOpen(undefined)} />
      {open === 'switch' && (
        <Suspense fallback={null}>
          <SwitchDialog onClose={() => setOpen(undefined)} />
        </Suspense>
      )}
    </>
  );
}
