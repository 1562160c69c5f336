import { describe, expect, it } from 'vitest';
import { makeRoom } from '../../../src/shared/make-room.js';

/** Sets `key` in `map` the way the caches do: room first, then the key. */
function put(map: Map<string, number>, key: string, value: number, capacity: number) {
  map.delete(key);
  makeRoom(map, capacity);
  map.set(key, value);
}

describe('makeRoom', () => {
  it('keeps the newest entries of a full map, dropping the oldest first', () => {
    const map = new Map<string, number>();
    for (let n = 0; n < 10; n++) put(map, `k${n}`, n, 4);
    expect([...map.keys()]).toEqual(['k6', 'k7', 'k8', 'k9']);
  });

  it('follows re-inserted and deleted keys between evictions, and a cleared map', () => {
    const map = new Map<string, number>();
    for (const key of ['a', 'b', 'c']) put(map, key, 0, 3);
    put(map, 'd', 0, 3); // drops a
    put(map, 'b', 1, 3); // b moves to the end
    map.delete('c');
    put(map, 'e', 0, 3); // room for e: nothing to drop (d, b)
    expect([...map.keys()]).toEqual(['d', 'b', 'e']);
    put(map, 'f', 0, 3); // drops d, the oldest
    expect([...map.keys()]).toEqual(['b', 'e', 'f']);
    map.clear();
    for (const key of ['x', 'y', 'z', 'w']) put(map, key, 0, 3);
    expect([...map.keys()]).toEqual(['y', 'z', 'w']);
  });

  it('drops a hundredth of a big full map at once, always the oldest, never going over', () => {
    const map = new Map<string, number>();
    const order: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      const key = `k${(n * 7919) % 6000}`;
      put(map, key, n, 1000);
      const at = order.indexOf(key);
      if (at >= 0) order.splice(at, 1);
      order.push(key);
      const gone = `k${n % 6000}`;
      if (n % 13 === 0 && map.delete(gone)) order.splice(order.indexOf(gone), 1);
      expect(map.size).toBeLessThanOrEqual(1000);
    }
    expect(map.size, 'a hundredth dropped at once, less a few deleted since').toBeGreaterThanOrEqual(980);
    expect([...map.keys()], 'the newest keys, in the order they were set').toEqual(order.slice(-map.size));
  });
});
