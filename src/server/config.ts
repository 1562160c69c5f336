import { join, resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { PROJECT_ROOT } from './project-root.js';
import { DEFAULT_TEMPLATE_CACHE } from './db/pglite-template.js';

/** Typed, validated, frozen configuration. `process.env` is read here only. */
export interface Config {
  port: number;
  /** Address to listen on: loopback unless `HOST` says otherwise (`0.0.0.0` in a container). */
  host: string;
  /** Folder for the embedded database and the generated JWT key. */
  dataDir: string;
  /** PostgreSQL connection string; unset → embedded PGlite in dataDir. */
  databaseUrl?: string;
  /** Milliseconds a query waits for a PostgreSQL connection before failing (0: for ever). `DB_CONNECT_TIMEOUT_MS`, default 5000. */
  databaseConnectTimeoutMs: number;
  /** Shared buffers of the embedded database, in MB (PGlite's own default, 128, is resident from the start). `PGLITE_SHARED_BUFFERS_MB`. */
  embeddedSharedBuffersMb: number;
  /** How often the embedded database's tables are checked for analyze and vacuum (PGlite has no autovacuum; db/pglite-maintenance.ts), ms; 0 turns it off. `PGLITE_MAINTENANCE_SECONDS`, default 60. */
  embeddedMaintenanceMs: number;
  /** Folder keeping the empty embedded cluster a new data folder is copied from (db/pglite-template.ts). `PGLITE_TEMPLATE_DIR`, default node_modules/.cache/atrium. */
  embeddedTemplateCache: string;
  /**
   * PostgreSQL only: tenant tables carry row-level-security policies and the server's queries
   * run as `atrium_app` with the unit of work's tenant set (docs/decisions/0031-row-level-security.md). On by default with `DATABASE_URL`; `ROW_SECURITY=off` disables the policies at
   * start. Never on the embedded database.
   */
  rowSecurity: boolean;
  /** With REDIS_URL: how often a process checks whether another one wrote a schema (0: never). `SCHEMA_RELOAD_INTERVAL_MS`, default 1000. */
  schemaReloadIntervalMs: number;
  /** Redis connection string for shared state; unset → in-process. */
  redisUrl?: string;
  /** HMAC key for access tokens; unset → generated once and kept in dataDir. */
  jwtSecret?: string;
  /** Password of the seeded `admin` at first start; unset → random, printed once. */
  adminPassword?: string;
  /** Seed the demo accounts hr, manager, boss (password 123456) at the first start; `DEMO_ACCOUNTS=off` leaves them out. */
  demoAccounts: boolean;
  /** Folder of entity schema files. */
  schemasDir: string;
  /** Folder of schema files written at run time (code generation), loaded after schemasDir; default `<dataDir>/schemas`. `RUNTIME_SCHEMAS_DIR`. */
  runtimeSchemasDir: string;
  /** Key (any text, ≥ 32 characters) that encrypts data source passwords; unset → generated once and kept in dataDir. `DATASOURCE_KEY`. */
  datasourceKey?: string;
  /** Folder of the built client; served when it exists. */
  clientDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
  /** Seed the ~3,200 region rows (tests may skip it for speed). */
  seedRegions: boolean;
  /** SEED_DEMO=1: the first start fills tenant 000000 with the demo business (items, workers, wages…). */
  seedDemo: boolean;
  /** Access token lifetime override in seconds (tests); else the client's validity. */
  accessTokenSeconds?: number;
  /** NODE_ENV, named in log rows (production → prod, else dev). */
  nodeEnv?: string;
  /** Write API logs (blade_log_api); `API_LOG=off` turns them off (error logs stay on). */
  apiLog: boolean;
  /** Folder of the built-in local-disk object storage (one sub-folder per tenant); default `<dataDir>/files`. */
  filesDir: string;
  /** Largest accepted upload in bytes (10 MB). */
  uploadLimitBytes: number;
  /** SMS verification codes: lifetime, least seconds between two sends to one phone (0: no gap), most sends per phone and day. */
  smsCode: { ttlSeconds: number; intervalSeconds: number; dailyLimit: number };
  /** Every password sign-in must carry a captcha (Captcha-Key / Captcha-Code), as the `captcha` grant always does; `CAPTCHA_MODE=true`. */
  captchaMode: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (sign-in lockout,
   * logs): false (default, the socket's address), true (any), a hop count, or addresses /
   * CIDR ranges. `TRUST_PROXY=true|<hops>|<ip,cidr,…>`.
   */
  trustProxy: boolean | number | string[];
  /** Days API, error and usual logs are kept; 0 (default) keeps them for ever. `LOG_RETENTION_DAYS`. */
  logRetentionDays: number;
  /** Requests per minute and client address on sign-in, captcha and SMS-code routes; 0 turns one off. `RATE_LIMIT_SIGN_IN`, `RATE_LIMIT_CAPTCHA`, `RATE_LIMIT_SMS_CODE`. */
  rateLimits: { signInPerMinute: number; captchaPerMinute: number; smsCodePerMinute: number };
  /**
   * Failed password sign-ins one client address may make in any `windowSeconds` (a sliding
   * window, whatever the accounts); past it the token endpoint answers 429 with Retry-After
   * until the oldest failure leaves the window (modules/auth/address-window.ts). 0 failures
   * turns it off. `SIGN_IN_ADDRESS_FAILURES` (default 10), `SIGN_IN_ADDRESS_WINDOW_SECONDS` (default 60).
   */
  signInAddressLimit: { failures: number; windowSeconds: number };
  /** Bearer token that opens GET /metrics to other machines (loopback needs none); unset → loopback only. `METRICS_TOKEN`. */
  metricsToken?: string;
  /**
   * Overload limits (@fastify/under-pressure): past one, requests answer 503 at once. 0 turns
   * one off. `OVERLOAD_EVENT_LOOP_DELAY_MS` (default 1000 on PostgreSQL, off on the embedded
   * database, whose queries run on the event loop), `OVERLOAD_HEAP_MB` (default 90 % of V8's
   * heap limit), `OVERLOAD_RSS_MB` (default off).
   */
  overload: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number; maxRssBytes: number };
}

function intFrom(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

function trustProxyFrom(value: string | undefined): Config['trustProxy'] {
  const text = (value ?? '').trim();
  if (['', 'false', '0', 'off'].includes(text.toLowerCase())) return false;
  if (['true', 'on'].includes(text.toLowerCase())) return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.find((e) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(e) && !['loopback', 'linklocal', 'uniquelocal'].includes(e));
  if (bad) throw new Error(`TRUST_PROXY must be true, a hop count or addresses/CIDR ranges, got "${bad}"`);
  return entries;
}

function daysFrom(value: string | undefined, name: string): number {
  if (value === undefined || value.trim() === '') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 36500) throw new Error(`${name} must be a whole number of days (0 keeps for ever), got "${value}"`);
  return n;
}

function perMinuteFrom(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of requests per minute (0 turns the limit off), got "${value}"`);
  return n;
}

function signInAddressLimitFrom(env: NodeJS.ProcessEnv): Config['signInAddressLimit'] {
  const whole = (name: string, fallback: number, min: number) => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > 3600) throw new Error(`${name} must be a whole number from ${min} to 3600, got "${value}"`);
    return n;
  };
  return { failures: whole('SIGN_IN_ADDRESS_FAILURES', 10, 0), windowSeconds: whole('SIGN_IN_ADDRESS_WINDOW_SECONDS', 60, 1) };
}

function limitFrom(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number ≥ 0 (0 turns the limit off), got "${value}"`);
  return n;
}

function rowSecurityFrom(value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (['', 'on', 'true', '1'].includes(v)) return true;
  if (['off', 'false', '0'].includes(v)) return false;
  throw new Error(`ROW_SECURITY must be on or off, got "${value}"`);
}

function sharedBuffersFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 32;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1024) throw new Error(`PGLITE_SHARED_BUFFERS_MB must be a whole number of MB from 1 to 1024, got "${value}"`);
  return n;
}

const MB = 1024 * 1024;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Readonly<Config> {
  const logLevel = (env.LOG_LEVEL ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  if (env.DATASOURCE_KEY && env.DATASOURCE_KEY.length < 32) throw new Error('DATASOURCE_KEY must be at least 32 characters');
  if (env.METRICS_TOKEN && env.METRICS_TOKEN.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  const dataDir = resolve(overrides.dataDir ?? (env.DATA_DIR || './data'));
  return Object.freeze({
    port: intFrom(env.PORT, 'PORT', 8080),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    databaseConnectTimeoutMs: limitFrom(env.DB_CONNECT_TIMEOUT_MS, 'DB_CONNECT_TIMEOUT_MS', 5000),
    embeddedSharedBuffersMb: sharedBuffersFrom(env.PGLITE_SHARED_BUFFERS_MB),
    embeddedMaintenanceMs: limitFrom(env.PGLITE_MAINTENANCE_SECONDS, 'PGLITE_MAINTENANCE_SECONDS', 60) * 1000,
    embeddedTemplateCache: env.PGLITE_TEMPLATE_DIR ? resolve(env.PGLITE_TEMPLATE_DIR) : DEFAULT_TEMPLATE_CACHE,
    rowSecurity: Boolean(env.DATABASE_URL) && rowSecurityFrom(env.ROW_SECURITY),
    schemaReloadIntervalMs: limitFrom(env.SCHEMA_RELOAD_INTERVAL_MS, 'SCHEMA_RELOAD_INTERVAL_MS', 1000),
    jwtSecret: env.JWT_SECRET || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoAccounts: !['off', 'false', '0'].includes((env.DEMO_ACCOUNTS ?? '').trim().toLowerCase()),
    schemasDir: resolve(PROJECT_ROOT, env.SCHEMAS_DIR || 'schemas'),
    runtimeSchemasDir: resolve(env.RUNTIME_SCHEMAS_DIR || join(dataDir, 'schemas')),
    datasourceKey: env.DATASOURCE_KEY || undefined,
    clientDir: resolve(PROJECT_ROOT, env.CLIENT_DIR || 'dist/client'),
    logLevel,
    seedRegions: env.SEED_REGIONS !== 'false',
    seedDemo: ['1', 'true', 'on'].includes((env.SEED_DEMO ?? '').trim().toLowerCase()),
    nodeEnv: env.NODE_ENV || undefined,
    apiLog: !['off', 'false', '0'].includes((env.API_LOG ?? '').toLowerCase()),
    filesDir: resolve(env.FILES_DIR || join(dataDir, 'files')),
    uploadLimitBytes: 10 * 1024 * 1024,
    smsCode: { ttlSeconds: 300, intervalSeconds: 60, dailyLimit: 10 },
    captchaMode: ['true', '1', 'on'].includes((env.CAPTCHA_MODE ?? '').toLowerCase()),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    logRetentionDays: daysFrom(env.LOG_RETENTION_DAYS, 'LOG_RETENTION_DAYS'),
    rateLimits: {
      signInPerMinute: perMinuteFrom(env.RATE_LIMIT_SIGN_IN, 'RATE_LIMIT_SIGN_IN', 300),
      captchaPerMinute: perMinuteFrom(env.RATE_LIMIT_CAPTCHA, 'RATE_LIMIT_CAPTCHA', 300),
      smsCodePerMinute: perMinuteFrom(env.RATE_LIMIT_SMS_CODE, 'RATE_LIMIT_SMS_CODE', 60),
    },
    signInAddressLimit: signInAddressLimitFrom(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    overload: {
      maxEventLoopDelayMs: limitFrom(env.OVERLOAD_EVENT_LOOP_DELAY_MS, 'OVERLOAD_EVENT_LOOP_DELAY_MS', env.DATABASE_URL ? 1000 : 0),
      maxHeapUsedBytes: limitFrom(env.OVERLOAD_HEAP_MB, 'OVERLOAD_HEAP_MB', Math.round((0.9 * getHeapStatistics().heap_size_limit) / MB)) * MB,
      maxRssBytes: limitFrom(env.OVERLOAD_RSS_MB, 'OVERLOAD_RSS_MB', 0) * MB,
    },
    ...overrides,
  });
}
