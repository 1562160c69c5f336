import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';

describe('listening address', () => {
  it('is the loopback address unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
  });

  it('is the address HOST names, e.g. every interface in a container', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
  });
});

describe('demo accounts', () => {
  it('are seeded at the first start unless DEMO_ACCOUNTS turns them off', () => {
    expect(loadConfig({}).demoAccounts).toBe(true);
    for (const off of ['off', 'false', '0', 'OFF ']) expect(loadConfig({ DEMO_ACCOUNTS: off }).demoAccounts).toBe(false);
  });
});

describe('operations settings', () => {
  it('limit the event-loop delay on PostgreSQL only by default, and the heap always', () => {
    expect(loadConfig({}).overload.maxEventLoopDelayMs).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).overload.maxEventLoopDelayMs).toBe(1000);
    expect(loadConfig({}).overload.maxHeapUsedBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(loadConfig({ OVERLOAD_EVENT_LOOP_DELAY_MS: '250', OVERLOAD_HEAP_MB: '0', OVERLOAD_RSS_MB: '512' }).overload)
      .toEqual({ maxEventLoopDelayMs: 250, maxHeapUsedBytes: 0, maxRssBytes: 512 * 1024 * 1024 });
  });

  it('refuse a negative limit and a short METRICS_TOKEN, naming the variable', () => {
    expect(() => loadConfig({ OVERLOAD_HEAP_MB: '-1' })).toThrow(/OVERLOAD_HEAP_MB must be a number ≥ 0/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(loadConfig({ METRICS_TOKEN: 'a-token-long-enough' }).metricsToken).toBe('a-token-long-enough');
  });
});

describe('row-level security', () => {
  it('is on by default on PostgreSQL, off with ROW_SECURITY=off, and never on the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).rowSecurity).toBe(true);
    for (const on of ['on', 'true', '1', ' ON', '']) expect(loadConfig({ DATABASE_URL: 'postgres://db/x', ROW_SECURITY: on }).rowSecurity).toBe(true);
    for (const off of ['off', 'false', '0', ' OFF']) expect(loadConfig({ DATABASE_URL: 'postgres://db/x', ROW_SECURITY: off }).rowSecurity).toBe(false);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x', ROW_SECURITY: 'yes please' })).toThrow(/ROW_SECURITY must be on or off/);
    expect(loadConfig({}).rowSecurity).toBe(false);
    expect(loadConfig({ ROW_SECURITY: 'on' }).rowSecurity).toBe(false);
  });
});
