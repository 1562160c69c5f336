import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { siteConfig } from '../site-config';

/** The sidebar's top: logo letter and product title (the letter alone when collapsed). */
export function Logo({ isCollapsed }: { isCollapsed: boolean }) {
  return (
    <Box
      sx={(theme) => ({
        height: 48,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: isCollapsed ? 'center' : 'flex-start',
        gap: 1.25,
        px: isCollapsed ? 0 : 2,
        background: theme.chrome.logo.background,
        color: theme.chrome.logo.color,
        overflow: 'hidden',
      })}
    >
      <Box
        sx={{ width: 28, height: 28, flexShrink: 0, borderRadius: 1, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center', fontWeight: 700 }}
      >
        {siteConfig.logo}
      </Box>
      {!isCollapsed && (
        <Typography component="div" noWrap sx={{ fontSize: 18, fontWeight: 600, color: 'inherit' }}>
          {siteConfig.title}
        </Typography>
      )}
    </Box>
  );
}
