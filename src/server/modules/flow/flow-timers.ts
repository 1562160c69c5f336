/** A timer boundary event the engine armed: when it is due, and on which task it sits. */
export interface ArmedTimer {
  activityId: string;
  executionId: string;
  /** The user task it is attached to. */
  attachedTo: string;
  expireAt: Date;
}

/**
 * The engine's `timers` for one engine: nothing is ever scheduled in memory (the engine runs
 * only during a step). A timer the engine arms is only recorded; the step stores it as a row
 * (blade_flow_timer) and the poller (flow-timer-poller.ts) resumes the instance when it is due,
 * when the engine, recovered from the stored state, finds the timer expired and completes it.
 */
export class DurableTimers {
  private readonly armed = new Set<{ owner: any }>();

  register(owner: unknown) {
    return { setTimeout: (..._args: unknown[]) => this.arm(owner), clearTimeout: (ref: unknown) => this.clearTimeout(ref) };
  }

  setTimeout(): { owner: unknown } {
    return this.arm(undefined);
  }

  clearTimeout(ref: unknown): undefined {
    this.armed.delete(ref as { owner: unknown });
    return undefined;
  }

  /** The engine clears every one of these when the run ends. */
  get executing(): { owner: unknown }[] {
    return [...this.armed];
  }

  /** The timers still armed (cleared ones are gone). */
  get timers(): ArmedTimer[] {
    return [...this.armed].flatMap(({ owner }) => {
      if (!owner?.expireAt) return [];
      return [{ activityId: String(owner.id), executionId: String(owner.executionId), attachedTo: String(owner.attachedTo ?? ''), expireAt: new Date(owner.expireAt) }];
    });
  }

  private arm(owner: unknown): { owner: unknown } {
    const ref = { owner };
    this.armed.add(ref);
    return ref;
  }
}
