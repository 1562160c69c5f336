import { useCallback, useEffect, useRef, useState } from 'react';
import { siteConfig } from '../../site-config';
import { NOTICE_PAGES, noticePage, type NoticeItem, type NoticeTab } from './notice-samples';

export interface NoticeList {
  items: NoticeItem[];
  page: number;
  isLoading: boolean;
  hasMore: boolean;
  loadMore(): void;
}

/**
 * One tab's paged sample list: page 1 at once, each further page after the simulated
 * 1 s load, then `onLoaded(page)` (the popover's success message).
 */
export function useNoticeList(tab: NoticeTab, onLoaded: (page: number) => void): NoticeList {
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<NoticeItem[]>(() => noticePage(tab, 1));
  const [isLoading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    setPage(1);
    setItems(noticePage(tab, 1));
    setLoading(false);
    return () => clearTimeout(timer.current);
  }, [tab]);
  const hasMore = page < NOTICE_PAGES;
  const loadMore = useCallback(() => {
    if (isLoading || !hasMore) return;
    const next = page + 1;
    setLoading(true);
    timer.current = setTimeout(() => {
      setItems((prev) => [...prev, ...noticePage(tab, next)]);
      setPage(next);
      setLoading(false);
      onLoaded(next);
    }, siteConfig.noticeLoadMs);
  }, [isLoading, hasMore, page, tab, onLoaded]);
  return { items, page, isLoading, hasMore, loadMore };
}
