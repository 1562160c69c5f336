import { beforeEach, describe, expect, it } from 'vitest';
import { getStore, getStoreItem, removeStore, setStore } from '../../../src/client/store/storage';
import { installStorages, type MemoryStorage } from '../../support/memory-storage';

describe('browser storage', () => {
  let local: MemoryStorage;
  let session: MemoryStorage;
  beforeEach(() => ({ local, session } = installStorages()));

  it('stores {dataType, content, type, datetime} under the saber- prefix in local storage', () => {
    const before = Date.now();
    setStore({ name: 'token', content: 'abc' });
    const raw = JSON.parse(local.getItem('saber-token') ?? 'null');
    expect(raw).toMatchObject({ dataType: 'string', content: 'abc', type: 'local' });
    expect(raw.datetime).toBeGreaterThanOrEqual(before);
    expect(session.length).toBe(0);
  });

  it('keeps session-typed values in session storage and reads session storage first', () => {
    setStore({ name: 'isLock', content: false, type: 'session' });
    expect(session.getItem('saber-isLock')).not.toBeNull();
    setStore({ name: 'language', content: 'en' });
    setStore({ name: 'language', content: 'zh', type: 'session' });
    expect(getStore('language')).toBe('zh');
    expect(getStore('isLock')).toBe(false);
  });

  it('answers undefined for missing or foreign values and removes from both storages', () => {
    local.setItem('saber-broken', 'not json');
    expect(getStore('broken')).toBeUndefined();
    expect(getStoreItem('missing')).toBeUndefined();
    setStore({ name: 'menu', content: [{ id: '1' }] });
    setStore({ name: 'menu', content: [], type: 'session' });
    removeStore('menu');
    expect(getStore('menu')).toBeUndefined();
  });
});
