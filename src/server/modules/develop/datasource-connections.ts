import { requiredField } from '../../engine/rows.js';
import { systemContext, type AppServices } from '../../app-services.js';
import type { Db } from '../../db/database.js';
import {
  checkReachable, driverOf, openExternal, parseConnectionUrl, type ConnectionSpec, type Dialect, type Driver,
} from '../../db/external/index.js';
import { isId } from '../../engine/ids.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';
import { developError } from './develop-messages.js';
import type { SecretBox } from '../../db/secret-box.js';

export const DATASOURCE_MODEL = 'develop/datasource';

/** A data source as the server uses it: the embedded database, or a connection spec with the password in clear. */
export interface ResolvedDataSource {
  id: string;
  name: string;
  driver: Driver;
  /** Absent for the embedded database. */
  spec?: ConnectionSpec;
}

/** A connection to read a data source's tables; close it after use (a no-op for the embedded database). */
export interface SourceHandle {
  source: ResolvedDataSource;
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** A data source row (its model's fields) as the server uses it: the password opened with the box. */
export function resolvedOf(box: SecretBox, row: EntityRecord): ResolvedDataSource {
  const driver = driverOf(String(row.driverClass ?? ''));
  const base = { id: String(row.id), name: String(row.name), driver };
  if (driver === 'embedded') return base;
  let password: string;
  try {
    password = row.password ? box.open(String(row.password)) : '';
  } catch {
    throw developError('keyChanged', { name: base.name });
  }
  return { ...base, spec: parseConnectionUrl(String(row.url), String(row.username ?? '') || undefined, password, driver) };
}

/** Data source rows → connections. Rows are read with their (encrypted) password, which is opened here only. */
export class DataSources {
  /** Every row (a handful), by id and by name, for the pools' opener. */
  private rows = new Map<string, EntityRecord>();

  constructor(private readonly services: AppServices, private readonly box: SecretBox) {}

  /** Re-reads the rows (at start, and after a data source was written or removed). */
  async reload(): Promise<void> {
    const model = this.services.model(DATASOURCE_MODEL);
    const ctx = systemContext();
    const next = new Map<string, EntityRecord>();
    for (const row of await this.services.system.repo.list(model, ctx, { conditions: [], order: [] })) {
      const full = await this.services.system.repo.findByKey(model, ctx, String(row.id), true);
      if (!full) continue;
      next.set(String(full.id), full);
      next.set(String(full.name), full);
    }
    this.rows = next;
  }

  /** By id or name from the rows in memory (no query). */
  cached(idOrName: string): ResolvedDataSource {
    const row = this.rows.get(idOrName);
    if (!row) throw developError('datasourceMissing', { id: idOrName });
    return this.fromRow(row);
  }

  /** By id, or by name (what `x-datasource` may hold). */
  async resolve(repo: Repository, idOrName: string): Promise<ResolvedDataSource> {
    const model = this.services.model(DATASOURCE_MODEL);
    const ctx = systemContext();
    let row: EntityRecord | undefined = isId(idOrName) ? await repo.findByKey(model, ctx, idOrName, true) : undefined;
    if (!row) {
      const nameField = requiredField(model, 'name');
      [row] = await repo.list(model, ctx, { conditions: [{ field: nameField, op: 'equal', value: idOrName }], order: [] });
      if (row) row = await repo.findByKey(model, ctx, String(row.id), true);
    }
    if (!row) throw developError('datasourceMissing', { id: idOrName });
    return this.fromRow(row);
  }

  fromRow(row: EntityRecord): ResolvedDataSource {
    return resolvedOf(this.box, row);
  }

  /**
   * Opens the data source for reading its tables. The embedded database is read through
   * `repo` (inside a transaction the embedded database has only that connection).
   */
  async open(repo: Repository, source: ResolvedDataSource, limits: { max?: number; timeoutMs?: number } = {}): Promise<SourceHandle> {
    if (!source.spec) return { source, db: repo.db, dialect: 'postgresql', close: async () => undefined };
    const timeoutMs = limits.timeoutMs ?? 5000;
    const external = await openExternal(source.spec, { max: limits.max ?? 2, timeoutMs });
    try {
      await checkReachable(external, source.spec, timeoutMs);
    } catch (error) {
      await external.close().catch(() => undefined);
      throw error;
    }
    return { source, db: external.db, dialect: source.spec.driver, close: () => external.close() };
  }
}
