import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTwoTenants } from '../support/two-tenants.js';
import { loadFixture } from '../support/report-fixture.js';
import type { TestApp } from '../support/test-app.js';
let t: TestApp; let a: Record<string, string>;
beforeAll(async () => { ({ t, a } = await startTwoTenants()); await loadFixture(t, a); }, 120000);
afterAll(() => t?.close());
it('smoke', async () => {
  for (const name of ['workerWages','teamLeaderWages','itemExpenseInfo','monthExpenseInfo','incomeAndExpenseInfo','carInfo','assetInfo','itemTotal','saleTarget','customInfo']) {
    const res = await t.call({ method: 'POST', url: `/api/blade-manage/report/${name}`, headers: a, payload: { startDate: '2025-01-01', endDate: '2025-03-31', year: 2025 } });
    console.log(name, JSON.stringify(res.body).slice(0, 900));
  }
});
