/** Connections to other databases (data sources) and what their tables look like. */
export { DRIVERS, DRIVER_CLASS_OF, driverOf, parseConnectionUrl, redact, withoutPassword, type ConnectionSpec, type Driver } from './connection-spec.js';
export { ExternalDbError, type ExternalMessage } from './external-messages.js';
export { openExternal, checkReachable, testConnection, type ExternalDatabase, type PoolLimits } from './open-external.js';
export { classifyConnectionError } from './connection-errors.js';
export { tableList, columns, checkTableName, type ColumnInfo, type TableInfo, type Dialect } from './introspect.js';
