import HomeIcon from '@mui/icons-material/Home';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SourceIcon } from '../../icons/SourceIcon';
import { HOME_PATH } from '../../routes/paths';
import { chooseTopMenu } from '../../session/load-menu';
import { siteConfig } from '../../site-config';
import { useTopMenus } from './use-top-menus';

/**
 * Saber's horizontal top menu: 首页 plus the tenant's top menus. Choosing one limits the
 * sidebar to the menus granted to it (`menu/routes?topMenuId=`); 首页 shows every menu
 * again and opens the home page. Hidden when the tenant has no top menus.
 */
export function TopMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { items, activeId } = useTopMenus();
  if (items.length === 0) return null;
  const goHome = async () => {
    await chooseTopMenu(undefined).catch(() => undefined); // the API client has toasted
    navigate(HOME_PATH);
  };
  return (
    <Box component="nav" id="top_menu" aria-label={t('chrome.topMenu')} sx={{ display: 'flex', alignItems: 'stretch', height: '100%', overflowX: 'auto', minWidth: 0 }}>
      <TopMenuItem id="top_menu_home" isActive={activeId === undefined} icon={<HomeIcon fontSize="small" />} label={t(`navbar.${siteConfig.firstPage.i18n}`)} onClick={goHome} />
      {items.map((item) => (
        <TopMenuItem
          key={item.id}
          id={`top_menu_${item.id}`}
          isActive={item.id === activeId}
          icon={<SourceIcon source={item.source} />}
          label={item.name}
          onClick={() => chooseTopMenu(item.id).catch(() => undefined)}
        />
      ))}
    </Box>
  );
}

interface TopMenuItemProps {
  id: string;
  isActive: boolean;
  icon: ReactNode;
  label: string;
  onClick(): void;
}

function TopMenuItem({ id, isActive, icon, label, onClick }: TopMenuItemProps) {
  return (
    <ButtonBase
      id={id}
      focusRipple
      aria-current={isActive ? 'true' : undefined}
      onClick={onClick}
      sx={{
        gap: 0.75,
        px: 1.5,
        whiteSpace: 'nowrap',
        fontSize: 14,
        borderBottom: 2,
        borderColor: isActive ? 'currentColor' : 'transparent',
        opacity: isActive ? 1 : 0.8,
        '&:hover, &.Mui-focusVisible': { opacity: 1 },
      }}
    >
      {icon}
      {label}
    </ButtonBase>
  );
}
