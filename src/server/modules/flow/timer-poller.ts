import type { Db } from '../../db/database.js';
import { acrossTenants, withTenant } from '../../db/tenant-scope.js';
import { systemContext } from '../../app-services.js';
import type { Processes } from './processes.js';
import { claimDue, TIMER_TABLE, type TimerRow } from './timer-rows.js';

/** Timers claimed per database and poll. */
const BATCH = 20;

/**
 * Fires due timers (flow-timers.ts) every `intervalMs`: claims them in the platform's database
 * and in every tenant database (one statement each: of several server processes, one claims a
 * row), then fires each in its own tenant. A timer that lost to another step on its instance
 * is released and taken again at the next poll; one whose firing failed (or whose process
 * died while firing, or whose instance is suspended) is taken again once its claim is stale
 * (timer-rows.ts): never lost.
 */
export class TimerPoller {
  private timer?: NodeJS.Timeout;
  private polling?: Promise<void>;
  private stopping = false;

  constructor(private readonly deps: {
    db: Db;
    processes: Processes;
    everyDatabase: <T>(read: () => Promise<T>) => Promise<T[]>;
    movingTenants: () => string[];
    intervalMs: number;
    log: (error: unknown, timer?: TimerRow) => void;
  }) {}

  start(): void {
    this.timer = setInterval(() => this.poll(), this.deps.intervalMs);
    this.timer.unref();
    this.poll();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.polling;
  }

  private poll(): void {
    if (this.stopping || this.polling) return;
    this.polling = this.fireDue().catch((error) => this.deps.log(error)).finally(() => { this.polling = undefined; });
  }

  private async fireDue(): Promise<void> {
    const { db, everyDatabase } = this.deps;
    // Claims look at every tenant's timers; each is then fired in its own tenant.
    const claimed = (await acrossTenants(() => everyDatabase(() => claimDue(db, BATCH).execute()))).flat() as TimerRow[];
    const moving = new Set(this.deps.movingTenants());
    for (const row of claimed) {
      if (this.stopping) return;
      const timer = { ...row, id: String(row.id), instance_id: String(row.instance_id), revision: Number(row.revision) };
      if (moving.has(timer.tenant_id)) continue; // its claim goes stale and it is taken again where the rows went
      await withTenant(timer.tenant_id, () => this.fire(timer));
    }
  }

  private async fire(timer: TimerRow): Promise<void> {
    const { db, processes } = this.deps;
    let fired: boolean;
    try {
      fired = await processes.fireTimer({ db, ctx: systemContext(timer.tenant_id) }, timer);
    } catch (error) {
      // Kept claimed: taken again once the claim is stale (a failing timer is retried every minute, not every poll).
      this.deps.log(error, timer);
      return;
    }
    // Another step moved the instance first: released, for the next poll to read the instance again.
    if (!fired) await db.updateTable(TIMER_TABLE).set({ fired_at: null }).where('id', '=', timer.id).execute().catch((error) => this.deps.log(error, timer));
  }
}
