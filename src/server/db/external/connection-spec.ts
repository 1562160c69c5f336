import { ExternalDbError } from './external-messages.js';

/** Databases a data source can point at: MySQL/MariaDB, PostgreSQL, or Atrium's own database. */
export const DRIVERS = ['mysql', 'postgresql', 'embedded'] as const;
export type Driver = (typeof DRIVERS)[number];

/** BladeX stores JDBC driver classes; each maps to one of our drivers. */
const DRIVER_CLASSES: Record<string, Driver> = {
  'com.mysql.cj.jdbc.Driver': 'mysql',
  'com.mysql.jdbc.Driver': 'mysql',
  'org.mariadb.jdbc.Driver': 'mysql',
  'org.postgresql.Driver': 'postgresql',
  embedded: 'embedded',
  mysql: 'mysql',
  mariadb: 'mysql',
  postgresql: 'postgresql',
  postgres: 'postgresql',
};

/** The driver class a data source row carries for each driver (what the console offers). */
export const DRIVER_CLASS_OF: Record<Driver, string> = {
  mysql: 'com.mysql.cj.jdbc.Driver',
  postgresql: 'org.postgresql.Driver',
  embedded: 'embedded',
};

export interface ConnectionSpec {
  driver: Exclude<Driver, 'embedded'>;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

export function driverOf(driverClass: string): Driver {
  const driver = DRIVER_CLASSES[driverClass.trim()];
  if (!driver) throw new ExternalDbError('database.driver', { driver: driverClass });
  return driver;
}

const SCHEMES: Record<string, ConnectionSpec['driver']> = {
  mysql: 'mysql', mariadb: 'mysql', postgres: 'postgresql', postgresql: 'postgresql',
};

/**
 * Reads a JDBC URL (`jdbc:mysql://host:3306/db?…`, `jdbc:postgresql://host/db`) or a plain
 * one (`mysql://user:pw@host/db`, `postgres://…`). User and password given apart win over
 * those in the URL (`user:pw@`, or JDBC's `?user=…&password=…`); the password never
 * appears in an error.
 */
export function parseConnectionUrl(url: string, user?: string, password?: string, driver?: Driver): ConnectionSpec {
  const text = url.trim().replace(/^jdbc:/i, '');
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new ExternalDbError('database.url', { url: redact(url) });
  }
  const scheme = parsed.protocol.replace(/:$/, '').toLowerCase();
  const fromScheme = SCHEMES[scheme];
  if (!fromScheme) throw new ExternalDbError('database.driver', { driver: scheme });
  if (driver && driver !== 'embedded' && driver !== fromScheme) throw new ExternalDbError('database.url', { url: redact(url) });
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!parsed.hostname || !database) throw new ExternalDbError('database.url', { url: redact(url) });
  return {
    driver: fromScheme,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : fromScheme === 'mysql' ? 3306 : 5432,
    database,
    user: user || decodeURIComponent(parsed.username) || parsed.searchParams.get('user') || (fromScheme === 'mysql' ? 'root' : 'postgres'),
    password: password ?? (decodeURIComponent(parsed.password) || parsed.searchParams.get('password') || ''),
  };
}

const USER_INFO_PASSWORD = /\/\/([^:/@]+):[^/?#\s]*@/;
const PASSWORD_PARAM = /([?&])password=[^&#]*/i;

/** The URL without a password, for messages. */
export function redact(url: string): string {
  return url.replace(USER_INFO_PASSWORD, '//$1:***@').replace(PASSWORD_PARAM, '$1password=***');
}

/** The URL as a data source row keeps it: the password taken out (it is stored apart, encrypted). */
export function withoutPassword(url: string): string {
  return url.replace(USER_INFO_PASSWORD, '//$1@').replace(/([?&])password=[^&#]*(&?)/i, (_, sep: string, next: string) => (next ? sep : '')).replace(/\?$/, '');
}
