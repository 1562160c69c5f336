import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logWriterOf } from '../../src/server/modules/log/log-registry.js';
import type { TestApp } from '../support/test-app.js';
import { TENANT_B_PASSWORD, TENANT_B, startTwoTenants } from '../support/two-tenants.js';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;

beforeAll(async () => {
  ({ t, a, b } = await startTwoTenants());
}, 120_000);
afterAll(() => t?.close());

async function statistics(headers: Record<string, string>, lang = 'zh') {
  await logWriterOf(t.services)!.flush();
  const res = await t.call({ method: 'GET', url: '/api/blade-desk/dashboard/statistics', headers: { ...headers, 'accept-language': lang } });
  expect(res.body.code).toBe(200);
  return res.body.data as { days: string[]; figures: { key: string; label: string; trendLabel: string; today: number; trend: number[] }[] };
}
const figure = (s: Awaited<ReturnType<typeof statistics>>, key: string) => s.figures.find((f) => f.key === key)!;
const pad = (n: number) => String(n).padStart(2, '0');
const now = () => { const d = new Date(); return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`; };

describe('the welcome page counts the tenant\'s real rows of today', () => {
  it('answers four figures, today and a 7-day trend ending today, labelled in the caller\'s language', async () => {
    const s = await statistics(a);
    expect(s.days).toHaveLength(7);
    expect(s.figures.map((f) => f.key)).toEqual(['registrations', 'logins', 'pendingApprovals', 'notices']);
    const open = await t.services.system.repo.db.selectFrom('blade_flow_task').select('id').where('tenant_id', '=', '000000').where('end_time', 'is', null).execute();
    expect(figure(s, 'pendingApprovals').today).toBe(open.length);
    for (const f of s.figures.filter((x) => x.key !== 'pendingApprovals')) {
      expect(f.trend).toHaveLength(7);
      expect(f.today).toBe(f.trend[6]);
    }
    expect(figure(await statistics(a, 'en'), 'logins').label).toBe('Sign-ins today');
    expect(figure(s, 'logins').label).toBe('今日登录');
    // The chart's line names the figure per day, not today's block.
    expect(figure(await statistics(a, 'en'), 'logins').trendLabel).toBe('Sign-ins');
    expect(figure(s, 'logins').trendLabel).toBe('登录');
  });

  it('a sign-in, a new user and a published notice each add one; a notice of tomorrow does not', async () => {
    const before = await statistics(a);
    await t.login();
    const ids = async (table: string) => String((await t.services.system.repo.db.selectFrom(table).select('id').where('tenant_id', '=', '000000').executeTakeFirstOrThrow()).id);
    const created = await t.call({ method: 'POST', url: '/api/blade-user/submit', headers: a, payload: { account: 'newcomer', name: 'newcomer', realName: '新同事', password: 'pw-123456', roleId: await ids('blade_role'), deptId: await ids('blade_dept') } });
    expect(created.body.code).toBe(200);
    const users = await t.services.system.repo.db.selectFrom('blade_user').select('account').where('account', '=', 'newcomer').execute();
    expect(users).toHaveLength(1);
    await t.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: a, payload: { title: '今日通知', category: 1, releaseTime: now() } });
    await t.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: a, payload: { title: '明日通知', category: 1, releaseTime: '2099-01-01 00:00:00' } });
    const after = await statistics(a);
    expect(figure(after, 'logins').today - figure(before, 'logins').today).toBe(1);
    expect(figure(after, 'registrations').today - figure(before, 'registrations').today).toBe(users.length);
    expect(figure(after, 'notices').today - figure(before, 'notices').today).toBe(1);
  });

  it('tenant B counts only its own rows', async () => {
    const before = await statistics(b);
    await t.login();
    await t.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: a, payload: { title: 'A 的通知', category: 1, releaseTime: now() } });
    const after = await statistics(b);
    expect(figure(after, 'logins').today).toBe(figure(before, 'logins').today);
    expect(figure(after, 'notices').today).toBe(figure(before, 'notices').today);
    await t.login({ tenantId: TENANT_B, password: TENANT_B_PASSWORD });
    expect(figure(await statistics(b), 'logins').today).toBe(figure(before, 'logins').today + 1);
  });
});
