import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { siteConfig } from '../site-config';
import { LOGIN_PATH } from './paths';
import { useRouteTitle } from './use-route-title';

/** Keeps the page title as "<route title> - <product title>"; the login page is titled 登录. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const titleOf = useRouteTitle();
  const title = titleOf(pathname);
  useEffect(() => {
    if (pathname === LOGIN_PATH) document.title = t('route.login');
    else document.title = title ? `${title} - ${siteConfig.title}` : siteConfig.title;
  }, [pathname, title, t]);
  return null;
}
