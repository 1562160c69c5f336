/**
 * Reads running now, by key, so that concurrent misses of one thing share its read instead
 * of each starting its own (a cold list under load would otherwise run one count, one index
 * walk or one row read per waiting request). The newest read of a key is the one to wait for;
 * an entry stays until its read settles, and an earlier read settling leaves a later entry alone.
 */
export class InFlight<E> {
  private readonly running = new Map<string, E>();

  get(key: string): E | undefined {
    return this.running.get(key);
  }

  has(key: string): boolean {
    return this.running.has(key);
  }

  /** Registers `entry` under each of `keys` until `read` settles. */
  track(keys: string | readonly string[], entry: E, read: Promise<unknown>): void {
    const all = typeof keys === 'string' ? [keys] : [...keys];
    for (const key of all) this.running.set(key, entry);
    const done = () => {
      for (const key of all) if (this.running.get(key) === entry) this.running.delete(key);
    };
    read.then(done, done);
  }
}
