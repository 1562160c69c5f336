import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { loadSchemas } from '../../schema/load-schemas.js';

/** Bumped in the shared store each time a process installs a schema it wrote (code generation). */
const GENERATION_KEY = 'schemas:generation';

/** Tells every process that DATA_DIR/schemas changed. */
export async function announceSchemaChange(services: AppServices): Promise<void> {
  await services.store.incr(GENERATION_KEY);
}

/**
 * Several processes (REDIS_URL, one shared DATA_DIR): each polls the schema generation and,
 * when it moved, loads the schema files again and installs every model that differs from
 * the one it serves. Polling a key rather than subscribing survives a Redis restart and a
 * missed message alike; a failed reload is retried at the next tick.
 */
export class SchemaReloads {
  /** Undefined until the first check, which therefore compares once whatever the generation. */
  private seen: string | undefined;
  private timer?: NodeJS.Timeout;
  private busy = false;

  /** `beforeInstall` runs first on each change (the data source rows a new x-datasource schema may name). */
  constructor(private readonly services: AppServices, private readonly log: FastifyBaseLogger, private readonly beforeInstall: () => Promise<void>) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async check(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const generation = (await this.services.store.get(GENERATION_KEY)) ?? '0';
      if (generation === this.seen) return;
      await this.beforeInstall();
      await this.installChanged();
      this.seen = generation;
    } catch (error) {
      this.log.warn({ err: error }, 'schema reload failed; retrying');
    } finally {
      this.busy = false;
    }
  }

  private async installChanged(): Promise<void> {
    const { schemasDir, runtimeSchemasDir } = this.services.config;
    const { registry } = this.services;
    for (const model of loadSchemas(schemasDir, [runtimeSchemasDir])) {
      if (JSON.stringify(model) === JSON.stringify(registry.find(model.key))) continue;
      await registry.install(model);
      this.log.info({ schema: model.key }, 'schema reloaded from another process');
    }
  }
}
