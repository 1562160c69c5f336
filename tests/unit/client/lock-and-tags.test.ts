import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installStorages, type MemoryStorage } from '../../support/memory-storage';

let local: MemoryStorage;
let session: MemoryStorage;

beforeEach(() => {
  ({ local, session } = installStorages());
  vi.resetModules(); // the stores read storage when first imported
});

describe('screen lock store', () => {
  it('keeps the lock and its password in session storage and unlocks with the right password only', async () => {
    const lock = await import('../../../src/client/store/lock-store');
    lock.lockScreen('secret');
    expect(JSON.parse(session.getItem('saber-isLock')!)).toMatchObject({ content: true, type: 'session' });
    expect(local.getItem('saber-isLock')).toBeNull();
    expect(lock.unlockScreen('wrong')).toBe(false);
    expect(lock.getLock().isLocked).toBe(true);
    expect(lock.unlockScreen('secret')).toBe(true);
    expect(lock.getLock()).toEqual({ isLocked: false });
    expect(session.getItem('saber-isLock')).toBeNull();
    expect(session.getItem('saber-lockPasswd')).toBeNull();
  });

  it('is still locked when the page loads again in the same tab', async () => {
    (await import('../../../src/client/store/lock-store')).lockScreen('secret');
    vi.resetModules();
    expect((await import('../../../src/client/store/lock-store')).getLock()).toEqual({ isLocked: true, password: 'secret' });
  });
});

describe('tags store', () => {
  it('keeps home first and unclosable, closes others and resets to home', async () => {
    const tags = await import('../../../src/client/store/tags-store');
    tags.addTag({ value: '/system/user/index', label: 'Users' });
    tags.addTag({ value: '/system/param/index', label: 'Params' });
    expect(tags.getTags().map((t) => t.value)).toEqual(['/wel/index', '/system/user/index', '/system/param/index']);
    expect(tags.getCurrentTag().value).toBe('/system/param/index');
    expect(tags.closeTag('/wel/index').value).toBe('/wel/index');
    expect(tags.getTags()).toHaveLength(3);
    tags.closeOtherTags('/system/user/index');
    expect(tags.getTags().map((t) => t.value)).toEqual(['/wel/index', '/system/user/index']);
    expect(JSON.parse(local.getItem('saber-tagList')!).content).toHaveLength(2);
    tags.resetTags();
    expect(tags.getTags().map((t) => t.value)).toEqual(['/wel/index']);
    expect(tags.getCurrentTag().value).toBe('/wel/index');
  });
});
