import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { ADMIN_PASSWORD, BASIC, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(() => t?.close());

const token = (query: Record<string, string>) =>
  t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC }, query: { scope: 'all', tenantId: '000000', ...query } });
const signIn = () => token({ username: 'admin', password: md5Hex(ADMIN_PASSWORD), grant_type: 'password' });
const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken });
const opens = async (accessToken: string) =>
  (await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: { authorization: BASIC, 'blade-auth': `bearer ${accessToken}` } })).status === 200;

describe('refresh token families', () => {
  it('lets one of many simultaneous uses of a refresh token win, and leaves no fork alive', async () => {
    const first = await signIn();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(first.body.refresh_token)));
    const issued = answers.filter((a) => a.status === 200);
    expect(issued.length).toBeLessThanOrEqual(1);
    // The racing uses are uses of a spent token: the whole sign-in is ended, winner included.
    for (const a of issued) {
      expect(await opens(a.body.access_token)).toBe(false);
      expect((await refresh(a.body.refresh_token)).status).toBe(401);
    }
    expect(await opens(first.body.access_token)).toBe(false);
  });

  it('ends the whole sign-in when a rotated refresh token is shown again', async () => {
    const first = await signIn();
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);
    expect(await opens(third.body.access_token)).toBe(true);

    expect((await refresh(first.body.refresh_token)).status).toBe(401);
    expect(await opens(third.body.access_token)).toBe(false);
    expect((await refresh(third.body.refresh_token)).status).toBe(401);
  });

  it('keeps other sign-ins of the same user when one family is ended', async () => {
    const mine = await signIn();
    const other = await signIn();
    const rotated = await refresh(mine.body.refresh_token);
    await refresh(mine.body.refresh_token);
    expect(await opens(rotated.body.access_token)).toBe(false);
    expect(await opens(other.body.access_token)).toBe(true);
    expect((await refresh(other.body.refresh_token)).status).toBe(200);
  });

});
