import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../site-config';

/** The providers and their tile colours (Saber thirdlogin.vue). */
export const SOCIAL_SOURCES = [
  { source: 'github', color: '#61676D' },
  { source: 'gitee', color: '#c35152' },
  { source: 'wechat', color: '#8dc349' },
  { source: 'qq', color: '#6ba2d6' },
] as const;

/** Where the provider's sign-in starts: `<authUrl>/<source>?tenantId=…`. */
export function socialUrl(source: string, tenantId: string): string {
  return `${siteConfig.authUrl}/${source}?${new URLSearchParams({ tenantId })}`;
}

/** 第三方系统登录: a tile per provider. */
export function ThirdLogin({ fixedTenantId }: { fixedTenantId?: string }) {
  const { t } = useTranslation();
  const tenantId = fixedTenantId || siteConfig.tenantId;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 2, py: 2 }}>
      {SOCIAL_SOURCES.map(({ source, color }) => (
        <ButtonBase
          key={source}
          component="a"
          href={socialUrl(source, tenantId)}
          data-social={source}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1, borderRadius: 1, py: 1 }}
        >
          <Box aria-hidden sx={{ width: 48, height: 48, borderRadius: '50%', bgcolor: color, color: '#fff', display: 'grid', placeItems: 'center', fontSize: 20, fontWeight: 700 }}>
            {t(`login.${source}`).slice(0, 1).toUpperCase()}
          </Box>
          <Typography variant="body2">{t(`login.${source}`)}</Typography>
        </ButtonBase>
      ))}
    </Box>
  );
}
