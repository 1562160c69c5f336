import MailOutline from '@mui/icons-material/MailOutline';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../site-config';
import { toast } from '../../ui/toast';
import { NOTICE_TABS, type NoticeTab } from './notice-samples';
import { useNoticeList } from './use-notice-list';

const icons = { mail: MailOutline, message: ChatBubbleOutline, notice: CampaignOutlined };

/** The notice popover's content: tabs mail / messages / notices over a paged sample list (300 high). */
export function NoticePanel() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<NoticeTab>('mail');
  const onLoaded = useCallback((page: number) => toast.success(t('notice.pageLoaded', { page })), [t]);
  const list = useNoticeList(tab, onLoaded);
  const Icon = icons[tab];
  const onScroll = (e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 4) list.loadMore();
  };
  return (
    <Box id="notice_panel" sx={{ width: siteConfig.noticeWidth }}>
      <Tabs value={tab} onChange={(_, value: NoticeTab) => setTab(value)} variant="fullWidth">
        {NOTICE_TABS.map((name) => (
          <Tab key={name} value={name} id={`notice_tab_${name}`} label={t(`notice.tabs.${name}`)} />
        ))}
      </Tabs>
      <Box data-testid="notice-list" data-page={list.page} onScroll={onScroll} sx={{ height: siteConfig.noticeListHeight, overflowY: 'auto' }}>
        <List dense disablePadding>
          {list.items.map((item) => (
            <ListItem key={item.id} divider data-notice-item={item.id}>
              <ListItemAvatar>
                <Avatar sx={{ bgcolor: 'primary.main', width: 32, height: 32 }}>
                  <Icon fontSize="small" />
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={t(`notice.samples.${tab}`, { n: item.n })}
                secondary={t('notice.minutesAgo', { minutes: item.minutesAgo })}
              />
              <Chip size="small" label={t(item.isRead ? 'notice.read' : 'notice.unread')} color={item.isRead ? 'default' : 'warning'} variant="outlined" />
            </ListItem>
          ))}
        </List>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          {list.isLoading ? (
            <CircularProgress size={20} />
          ) : list.hasMore ? (
            <Button id="notice_more" size="small" onClick={list.loadMore}>
              {t('notice.more')}
            </Button>
          ) : (
            <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
              {t('notice.noMore')}
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
