import type { Db } from './kysely-db.js';

/** SQL spoken by a connection: ours and PostgreSQL data sources, or MySQL/MariaDB ones (x-datasource). */
export type SqlDialect = 'postgres' | 'mysql';

/** A data source's pool (x-datasource entities run their queries on it). */
export interface ExternalConnection {
  db: Db;
  dialect: SqlDialect;
  /** The data source's name as staff gave it (messages name it, not its id). */
  name?: string;
}

/** Connections of the data sources, by the id or name a schema's x-datasource gives. */
export interface ExternalConnections {
  connectionOf(datasource: string): Promise<ExternalConnection>;
}
