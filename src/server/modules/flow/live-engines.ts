import { makeRoom } from '../../../shared/make-room.js';

/** An engine left waiting after a step, with the exact state text that step stored. */
export interface LiveEngine {
  /** The engine and its execution, as flow-runtime left them. */
  running: unknown;
  /** The instance's revision after the step, and the state text it stored. */
  revision: number;
  state: string;
}

/**
 * Engines of running instances kept in memory between steps, so the next step on this
 * process need not recover one from the stored state. A kept engine is handed out only
 * when the instance row (read under its lock) is still at its revision and holds the very
 * state text it saved:
 * a copy another process has moved past, one of a step that rolled back, or one of an
 * ended instance is never resumed. Taking removes it, so it is used by one step only;
 * losing it (restart, eviction) only means recovering from the database.
 */
export class LiveEngines {
  private readonly kept = new Map<string, LiveEngine>();

  /* A waiting leave engine holds ≈ 0.9 MB of heap: a few dozen cover the instances being worked on right now. */
  constructor(private readonly capacity = 64) {}

  take(instanceId: string, stored: { revision: number; state: string }): LiveEngine | undefined {
    const live = this.kept.get(instanceId);
    if (!live) return undefined;
    this.kept.delete(instanceId);
    return live.revision === stored.revision && live.state === stored.state ? live : undefined;
  }

  keep(instanceId: string, live: LiveEngine): void {
    this.kept.delete(instanceId);
    makeRoom(this.kept, this.capacity);
    this.kept.set(instanceId, live);
  }

  drop(instanceId: string): void {
    this.kept.delete(instanceId);
  }
}
