/**
 * Reads running now, by key, so that concurrent misses of one thing share its read instead
 * of each starting its own (a cold list under load would otherwise run one count, one index
 * walk or one row read per waiting request). An entry stays until its read settles; a read
 * settling leaves another's entry alone.
 */
export class InFlight<E> {
  private readonly running = new Map<string, E>();

  get(key: string): E | undefined {
    return this.running.get(key);
  }

  has(key: string): boolean {
    return this.running.has(key);
  }

  /**
   * Registers `entry` under each of `keys` until `read` settles: where none runs yet, or
   * everywhere with `replace` (the newest read is the one to wait for).
   */
  track(keys: string | readonly string[], entry: E, read: Promise<unknown>, opts: { replace?: boolean } = {}): void {
    const all = (typeof keys === 'string' ? [keys] : keys).filter((key) => opts.replace || !this.running.has(key));
    for (const key of all) this.running.set(key, entry);
    const done = () => {
      for (const key of all) if (this.running.get(key) === entry) this.running.delete(key);
    };
    read.then(done, done);
  }
}
