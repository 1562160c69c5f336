import { join } from 'node:path';
import type { Config } from '../../config.js';

/** A folder or file of the install that a backup copies as it is. */
export interface CopiedPart {
  /** Its name inside the backup folder. */
  name: string;
  /** Where it lives on this install. */
  path: string;
}

/**
 * What a backup holds besides a PostgreSQL dump: the embedded database's folder (copied
 * while no process has it open), the local object store, the schema files the code
 * generator wrote, and the generated keys (without `datasource.key` the data source
 * passwords in the database cannot be read back).
 */
export function copiedParts(config: Readonly<Config>): CopiedPart[] {
  return [
    ...(config.databaseUrl ? [] : [{ name: 'pglite', path: join(config.dataDir, 'pglite') }]),
    { name: 'files', path: config.filesDir },
    { name: 'schemas', path: config.runtimeSchemasDir },
    { name: 'jwt.key', path: join(config.dataDir, 'jwt.key') },
    { name: 'datasource.key', path: join(config.dataDir, 'datasource.key') },
  ];
}
