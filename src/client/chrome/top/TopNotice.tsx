import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Popover from '@mui/material/Popover';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../site-config';
import { lazyPage } from '../../ui/lazy-page';
import { PageLoading } from '../../ui/PageLoading';
import { TopButton } from './TopButton';

const NoticePanel = lazyPage(() => import('../notice/NoticePanel').then((m) => m.NoticePanel));

/** Notice bell with a popover (350 wide) of sample mail, messages and notices. */
export function TopNotice() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <TopButton id="top_notice" label={t('navbar.notice')} onClick={(e) => setAnchor(e.currentTarget)}>
        <Badge variant="dot" color="error">
          <NotificationsNoneOutlined fontSize="small" />
        </Badge>
      </TopButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // The paper has the panel's width before the lazy panel arrives: placed for a narrower
        // loading paper, it would grow rightwards past the window's edge.
        slotProps={{ paper: { id: 'notice_popover', sx: { width: siteConfig.noticeWidth, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Suspense fallback={<PageLoading />}>
          <NoticePanel />
        </Suspense>
      </Popover>
    </>
  );
}
