/**
 * A FIFO of at most `capacity` items that never blocks and never grows: when full, a
 * push drops the oldest item and counts it. A ring buffer, so push and take are O(1) per item.
 */
export class BoundedQueue<T> {
  private readonly slots: (T | undefined)[];
  private head = 0;
  private count = 0;
  /** Items dropped because the queue was full, since it was made. */
  dropped = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`queue capacity must be a positive integer, got ${capacity}`);
    this.slots = new Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    if (this.count === this.capacity) {
      this.slots[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.count -= 1;
      this.dropped += 1;
    }
    this.slots[(this.head + this.count) % this.capacity] = item;
    this.count += 1;
  }

  /** Puts items back at the front (a batch that failed), oldest first; what does not fit is dropped. */
  requeue(items: T[]): void {
    const room = this.capacity - this.count;
    const kept = items.slice(Math.max(0, items.length - room));
    this.dropped += items.length - kept.length;
    for (let i = kept.length - 1; i >= 0; i -= 1) {
      this.head = (this.head - 1 + this.capacity) % this.capacity;
      this.slots[this.head] = kept[i];
      this.count += 1;
    }
  }

  /** Removes and answers up to `n` items, oldest first. */
  take(n: number): T[] {
    const out: T[] = [];
    while (out.length < n && this.count > 0) {
      out.push(this.slots[this.head] as T);
      this.slots[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.count -= 1;
    }
    return out;
  }
}
