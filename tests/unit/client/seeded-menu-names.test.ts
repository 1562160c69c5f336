import { describe, expect, it } from 'vitest';
import { menuSeed } from '../../../src/server/seed/data/menus';
import { en } from '../../../src/client/i18n/en';
import { zh } from '../../../src/client/i18n/zh';

// The seeded menu items without a schema are named by `menu.<code>` in the console's
// catalogue; without an entry an English console shows the Chinese seed name.
describe('seeded menu items', () => {
  it('each have a zh name equal to the seed and an English name', () => {
    const zhMenu = zh.menu as Record<string, string>;
    const enMenu = en.menu as Record<string, string>;
    for (const item of menuSeed) {
      expect(zhMenu[item.code], item.code).toBe(item.name);
      expect(enMenu[item.code], item.code).toMatch(/^[^\u4e00-\u9fff]+$/);
    }
  });
});
