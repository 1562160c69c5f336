import type { DatabaseConnection, Driver } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { PoolUsage } from './kysely-db.js';

/**
 * PGliteDialect whose one connection is counted: PGlite runs one query at a time, so the
 * dialect queues callers; how many wait is the embedded database's "pool waiting" figure.
 */
export class QueuedPGliteDialect extends PGliteDialect {
  private busy = false;
  private waiting = 0;

  usage(): PoolUsage {
    return { total: 1, idle: this.busy ? 0 : 1, waiting: this.waiting };
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    driver.acquireConnection = async (): Promise<DatabaseConnection> => {
      this.waiting += 1;
      try {
        return await acquire();
      } finally {
        this.waiting -= 1;
        this.busy = true;
      }
    };
    driver.releaseConnection = async (connection) => {
      this.busy = false;
      await release(connection);
    };
    return driver;
  }
}
