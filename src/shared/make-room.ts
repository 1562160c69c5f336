/**
 * Deletes a full map's oldest entries (insertion order) so that it holds fewer than
 * `capacity`: call it before setting a new key. It drops a hundredth of the capacity at once:
 * deleting one entry per insert through `map.keys().next()` walks, on every call, each hole
 * the deletions before it left at the map's front until V8 compacts the table — about 7 µs
 * an insert at 10,000 entries. (Keeping one iterator per map to resume from avoids the walk
 * but holds every table V8 replaces behind it while the map is not full.)
 */
export function makeRoom<K, V>(map: Map<K, V>, capacity: number): void {
  if (map.size < capacity) return;
  let drop = map.size - capacity + Math.ceil(capacity / 100);
  for (const key of map.keys()) {
    if (drop-- <= 0) break;
    map.delete(key);
  }
}
