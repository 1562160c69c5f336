import { describe, expect, it } from 'vitest';
import MenuIcon from '@mui/icons-material/Menu';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import { findIcon, iconGroups, searchIcons } from '../../../../src/client/icons/icon-catalogue';
import { iconFor } from '../../../../src/client/icons/SourceIcon';
import { siteConfig } from '../../../../src/client/site-config';
import { loadSchemas } from '../../../../src/server/schema/load-schemas';
import { menuSeed } from '../../../../src/server/seed/data/menus';
import { STANDARD_BUTTONS } from '../../../../src/shared/schema/entity-model';
import { projectPath } from '../../../support/paths';

const models = loadSchemas(projectPath('schemas'));
const group = (key: string) => iconGroups.find((g) => g.key === key)!;

describe('icon catalogue of the menu icon picker', () => {
  it('holds every icon the seeded menus and buttons use, so the picker shows them as chosen', () => {
    const seeded = [
      ...menuSeed.map((m) => m.source),
      ...models.flatMap((m) => (m.menu ? [m.menu.icon, ...m.menu.buttons.map((b) => b.source)] : [])),
      ...Object.values(STANDARD_BUTTONS).map((b) => b.source),
      siteConfig.menuIconDefault,
    ].filter((icon): icon is string => Boolean(icon));
    expect(seeded.length).toBeGreaterThan(20);
    expect(seeded.filter((icon) => !findIcon(icon))).toEqual([]);
  });

  it('has no class twice, so a stored class names one icon', () => {
    const values = iconGroups.flatMap((g) => g.icons.map((i) => i.value.replace(/^iconfont /, '')));
    expect(new Set(values).size).toBe(values.length);
  });

  it('finds a class with or without the iconfont prefix and surrounding spaces', () => {
    expect(findIcon('iconfont iconicon_setting')?.value).toBe('iconfont iconicon_setting');
    expect(findIcon('  iconicon_setting ')?.value).toBe('iconfont iconicon_setting');
    expect(findIcon('plus')?.value).toBe('plus');
    expect(findIcon('iconfont icon-unknown')).toBeUndefined();
    expect(findIcon('')).toBeUndefined();
  });

  it('searches class names and keywords in both languages; every word must match', () => {
    expect(searchIcons(group('system'), '用户').map((i) => i.value)).toEqual(['iconfont iconicon_principal']);
    expect(searchIcons(group('system'), 'PRINCIPAL').map((i) => i.value)).toEqual(['iconfont iconicon_principal']);
    expect(searchIcons(group('general'), 'delete').map((i) => i.value)).toEqual(['delete']);
    expect(searchIcons(group('general'), 'lock unlock').map((i) => i.value)).toEqual(['unlock']);
    expect(searchIcons(group('general'), 'no-such-icon')).toEqual([]);
    expect(searchIcons(group('general'), '  ')).toHaveLength(group('general').icons.length);
  });

  it('draws a class outside the catalogue by a word in it, else with the default menu icon', () => {
    expect(iconFor('iconfont iconicon_setting')).toBe(findIcon('iconicon_setting')!.Icon);
    expect(iconFor('iconfont icon-my-system-thing')).toBe(SettingsIcon);
    expect(iconFor('el-icon-user-solid')).toBe(PeopleIcon);
    expect(iconFor('iconfont icon-zzz')).toBe(MenuIcon);
    expect(iconFor(undefined)).toBe(MenuIcon);
  });
});
