import { CountCache } from '../../engine/count-cache.js';
import type { SharedStore } from '../../store/shared-store.js';

/** The lists whose totals grow without bound (finished tasks, started instances); the open-task lists stay small and are counted. */
export type GrowingList = 'done' | 'send';

/**
 * Totals of one person's done-list and send-list, cached under a write generation of that
 * person's list (in the shared store, so every server process sees a bump). A step bumps,
 * after its commit, the lists it changed: the done-list of whoever's task it ended, the
 * send-list of whoever started an instance.
 */
export class WorkTotals {
  private readonly counts: CountCache;

  constructor(store: SharedStore) {
    this.counts = new CountCache(store);
  }

  total(list: GrowingList, tenantId: string, userId: string, filterKey: string, count: () => Promise<number>): Promise<number> {
    return this.counts.total(generationKey(list, tenantId, userId), filterKey, count);
  }

  async changed(list: GrowingList, tenantId: string, userIds: Iterable<string>): Promise<void> {
    await Promise.all([...new Set(userIds)].map((userId) => this.counts.invalidate(generationKey(list, tenantId, userId))));
  }
}

function generationKey(list: GrowingList, tenantId: string, userId: string): string {
  return `flow-${list}:${tenantId}:${userId}`;
}
