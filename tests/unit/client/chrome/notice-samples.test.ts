import { describe, expect, it } from 'vitest';
import { NOTICE_PAGE_SIZE, NOTICE_PAGES, noticePage } from '../../../../src/client/chrome/notice/notice-samples';

describe('notice samples', () => {
  it('pages each tab with running numbers and nothing past the last page', () => {
    expect(noticePage('mail', 1).map((item) => item.n)).toEqual([1, 2, 3, 4, 5]);
    expect(noticePage('notice', 2)[0]).toMatchObject({ id: 'notice-6', n: 6, tab: 'notice' });
    expect(noticePage('message', NOTICE_PAGES)).toHaveLength(NOTICE_PAGE_SIZE);
    expect(noticePage('message', NOTICE_PAGES + 1)).toEqual([]);
  });
});
