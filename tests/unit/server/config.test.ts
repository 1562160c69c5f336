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
