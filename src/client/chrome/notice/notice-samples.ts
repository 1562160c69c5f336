/** Sample items of the notice popover (spec: static demo data, paged). */
export const NOTICE_TABS = ['mail', 'message', 'notice'] as const;
export type NoticeTab = (typeof NOTICE_TABS)[number];

export const NOTICE_PAGE_SIZE = 5;
export const NOTICE_PAGES = 4;

export interface NoticeItem {
  id: string;
  /** Running number of the item within its tab (1-based). */
  n: number;
  tab: NoticeTab;
  /** Minutes ago, for the subtitle. */
  minutesAgo: number;
  isRead: boolean;
}

/** Page `page` (1-based) of a tab's sample items; empty past the last page. */
export function noticePage(tab: NoticeTab, page: number): NoticeItem[] {
  if (page < 1 || page > NOTICE_PAGES) return [];
  return Array.from({ length: NOTICE_PAGE_SIZE }, (_, i) => {
    const n = (page - 1) * NOTICE_PAGE_SIZE + i + 1;
    return { id: `${tab}-${n}`, n, tab, minutesAgo: n * 7, isRead: n % 3 === 0 };
  });
}
