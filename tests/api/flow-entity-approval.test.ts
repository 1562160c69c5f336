import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const BASE = '/api/blade-desk/expense';
const TENANT_B = '000001';

async function get(who: string, url: string, query: Record<string, string> = {}) {
  return t.call({ method: 'GET', url, headers: headers[who], query });
}
async function post(who: string, url: string, opts: { query?: Record<string, string>; payload?: unknown } = {}) {
  return t.call({ method: 'POST', url, headers: headers[who], ...opts } as any);
}

/** Files a claim as `who` and answers its id (from the list: submit answers no id). */
async function fileClaim(title: string, amount: number, who = 'admin'): Promise<string> {
  const res = await post(who, `${BASE}/submit`, { payload: { title, amount, occurredDate: '2026-11-30', reason: '出差' } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  const list = await get(who, `${BASE}/list`, { title, current: '1', size: '10' });
  return String(list.body.data.records.find((r: any) => r.title === title).id);
}

async function claimRow(id: string, who = 'admin') {
  return (await get(who, `${BASE}/detail`, { id })).body.data;
}

async function openTask(who: string, instanceId: string, list: 'claim' | 'todo') {
  const res = await get(who, `/api/blade-flow/work/${list}-list`);
  return res.body.data.records.find((r: any) => r.processInstanceId === instanceId);
}

/** The role's person claims and completes the instance's open task. */
async function decide(who: string, instanceId: string, flag: 'ok' | 'no') {
  const offered = await openTask(who, instanceId, 'claim');
  expect(offered, `${who} is offered a task of ${instanceId}`).toBeTruthy();
  expect((await post(who, '/api/blade-flow/work/claim-task', { query: { taskId: offered.taskId } })).body.success).toBe(true);
  const done = await post(who, '/api/blade-flow/work/complete-task', { payload: { taskId: offered.taskId, flag, comment: flag } });
  expect(done.body.success, JSON.stringify(done.body)).toBe(true);
  return offered;
}

beforeAll(async () => {
  t = await startTestApp();
  headers.admin = await t.login();
  for (const who of ['manager', 'boss']) headers[who] = await t.login({ username: who, password: '123456' });
  await addTenant(t.services, TENANT_B, 'tenant-b-pw');
  headers.b = await t.login({ tenantId: TENANT_B, password: 'tenant-b-pw' });
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('an x-flow entity (报销) approved by its process over HTTP', () => {
  it('starts as a draft, and 提交审批 starts the expense process with the stored amount', async () => {
    const id = await fileClaim('差旅 A', 8000);
    expect(await claimRow(id)).toMatchObject({ flowStatus: 'draft' });
    const res = await post('admin', `${BASE}/submit-approval`, { query: { id } });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const row = await claimRow(id);
    expect(row).toMatchObject({ flowStatus: 'running', processInstanceId: res.body.data.processInstanceId });
    const offered = await openTask('manager', row.processInstanceId, 'claim');
    expect(offered).toMatchObject({ taskName: '部门经理审批', businessTable: 'blade_expense_claim', businessId: id, processDefinitionKey: 'expense', categoryName: '报销流程' });
    // What the todo record carries to open the row: its entity, its screen and the fields shown to approvers.
    expect(offered).toMatchObject({ businessEntity: 'desk/expense', businessName: '报销', businessPath: '/work/expense', businessApi: '/blade-desk/expense', businessFields: ['title', 'amount', 'occurredDate', 'reason'] });
  });

  it('refuses to edit or delete a running claim, and to submit it again, writing nothing', async () => {
    const id = await fileClaim('差旅 B', 100);
    await post('admin', `${BASE}/submit-approval`, { query: { id } });
    const edit = await post('admin', `${BASE}/submit`, { payload: { id, title: '改了', amount: 1, occurredDate: '2026-11-30' } });
    expect(edit.body).toMatchObject({ success: false, msg: '审批中的记录不能修改' });
    const remove = await post('admin', `${BASE}/remove`, { query: { ids: id } });
    expect(remove.body).toMatchObject({ success: false, msg: '审批中的记录不能修改' });
    const again = await post('admin', `${BASE}/submit-approval`, { query: { id } });
    expect(again.body).toMatchObject({ success: false, msg: '该记录正在审批中,不能再次提交' });
    const enAgain = await t.call({ method: 'POST', url: `${BASE}/submit-approval`, headers: { ...headers.admin, 'accept-language': 'en' }, query: { id } });
    expect(enAgain.body.msg).toBe('the record is being approved: it cannot be submitted again');
    expect(await claimRow(id)).toMatchObject({ title: '差旅 B', amount: 100, flowStatus: 'running' });
  });

  it('a small claim is completed by the manager alone; a large one needs finance, then it is locked as completed', async () => {
    const small = await fileClaim('小额', 3000);
    await post('admin', `${BASE}/submit-approval`, { query: { id: small } });
    await decide('manager', (await claimRow(small)).processInstanceId, 'ok');
    expect(await claimRow(small)).toMatchObject({ flowStatus: 'completed' });

    const large = await fileClaim('大额', 9000);
    await post('admin', `${BASE}/submit-approval`, { query: { id: large } });
    const instanceId = (await claimRow(large)).processInstanceId;
    await decide('manager', instanceId, 'ok');
    expect(await claimRow(large)).toMatchObject({ flowStatus: 'running' });
    const finance = await decide('boss', instanceId, 'ok');
    expect(finance.taskName).toBe('财务审批');
    expect(await claimRow(large)).toMatchObject({ flowStatus: 'completed' });
    const list = await get('admin', `${BASE}/list`, { title: '大额', current: '1', size: '10' });
    expect(list.body.data.records[0]).toMatchObject({ flowStatus: 'completed' });
    expect((await post('admin', `${BASE}/submit`, { payload: { id: large, title: '改了', amount: 1, occurredDate: '2026-11-30' } })).body)
      .toMatchObject({ success: false, msg: '已审批通过的记录不能修改' });
    expect((await post('admin', `${BASE}/submit-approval`, { query: { id: large } })).body).toMatchObject({ success: false, msg: '该记录已审批通过,不能再次提交' });
  });

  it('a rejected claim is rejected, editable again, and may be submitted again', async () => {
    const id = await fileClaim('驳回', 700);
    await post('admin', `${BASE}/submit-approval`, { query: { id } });
    await decide('manager', (await claimRow(id)).processInstanceId, 'no');
    expect(await claimRow(id)).toMatchObject({ flowStatus: 'rejected' });
    const edit = await post('admin', `${BASE}/submit`, { payload: { id, title: '驳回', amount: 600, occurredDate: '2026-11-30' } });
    expect(edit.body.success, JSON.stringify(edit.body)).toBe(true);
    expect((await post('admin', `${BASE}/submit-approval`, { query: { id } })).body.success).toBe(true);
    expect(await claimRow(id)).toMatchObject({ flowStatus: 'running', amount: 600 });
  });

  it('a claim whose instance an administrator deletes is withdrawn: editable and submittable again', async () => {
    const id = await fileClaim('撤回', 400);
    await post('admin', `${BASE}/submit-approval`, { query: { id } });
    const instanceId = (await claimRow(id)).processInstanceId;
    const del = await post('admin', '/api/blade-flow/follow/delete-process-instance', { query: { processInstanceId: instanceId, deleteReason: '填错了' } });
    expect(del.body.success, JSON.stringify(del.body)).toBe(true);
    expect(await claimRow(id)).toMatchObject({ flowStatus: 'withdrawn' });
    expect((await post('admin', `${BASE}/submit`, { payload: { id, title: '撤回', amount: 450, occurredDate: '2026-11-30' } })).body.success).toBe(true);
    expect((await post('admin', `${BASE}/submit-approval`, { query: { id } })).body.success).toBe(true);
  });

  it('refuses an amount of 0 or above 1,000,000 with the schema\'s message', async () => {
    const zero = await post('admin', `${BASE}/submit`, { payload: { title: '零', amount: 0, occurredDate: '2026-11-30' } });
    expect(zero.body).toMatchObject({ success: false, msg: expect.stringContaining('报销金额必须大于 0') });
    const huge = await post('admin', `${BASE}/submit`, { payload: { title: '巨额', amount: 1_000_001, occurredDate: '2026-11-30' } });
    expect(huge.body).toMatchObject({ success: false, msg: expect.stringContaining('报销金额不能超过 1,000,000 元') });
  });

  it('ten 提交审批 of one claim at once start exactly one instance', async () => {
    const id = await fileClaim('并发', 200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('admin', `${BASE}/submit-approval`, { query: { id } })));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    const instances = await t.services.system.database.db.selectFrom('blade_flow_instance').select('id')
      .where('business_table', '=', 'blade_expense_claim').where('business_id', '=', id).execute();
    expect(instances).toHaveLength(1);
    expect(String((await claimRow(id)).processInstanceId)).toBe(String(instances[0].id));
  });

  it('an edit racing 提交审批 never leaves a process started on an amount the row no longer has', async () => {
    for (let round = 0; round < 4; round++) {
      const title = `竞速 ${round}`;
      const id = await fileClaim(title, 100);
      const [edit, submit] = await Promise.all([
        post('admin', `${BASE}/submit`, { payload: { id, title, amount: 9000, occurredDate: '2026-11-30' } }),
        post('admin', `${BASE}/submit-approval`, { query: { id } }),
      ]);
      expect(submit.body.success, JSON.stringify(submit.body)).toBe(true);
      const row = await claimRow(id);
      // Either the edit came first (and the process has 9000) or it was refused (the row keeps 100).
      expect(edit.body.success ? row.amount : 100).toBe(row.amount);
      if (!edit.body.success) expect(edit.body.msg).toBe('审批中的记录不能修改');
      await decide('manager', row.processInstanceId, 'ok');
      const finance = await openTask('boss', row.processInstanceId, 'claim');
      expect(Boolean(finance), `finance asked for ${row.amount}`).toBe(row.amount > 5000);
    }
  });

  it('the amount is the stored one: neither the submit nor 提交审批 can set the status or a variable', async () => {
    const id = await fileClaim('注入', 9000);
    const forged = await post('admin', `${BASE}/submit`, { payload: { id, title: '注入', amount: 9000, occurredDate: '2026-11-30', flowStatus: 'completed' } });
    expect(forged.body.success, JSON.stringify(forged.body)).toBe(true);
    expect(await claimRow(id)).toMatchObject({ flowStatus: 'draft' });
    const res = await t.call({ method: 'POST', url: `${BASE}/submit-approval`, headers: headers.admin, query: { id, amount: '1' }, payload: { amount: 1, variables: { amount: 1 } } } as any);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const instanceId = (await claimRow(id)).processInstanceId;
    await decide('manager', instanceId, 'ok');
    // 9000 > 5000: finance is asked, so the gateway read the stored amount, not the request's 1.
    expect(await openTask('boss', instanceId, 'claim')).toMatchObject({ taskName: '财务审批' });
    // A task cannot set it either.
    const offered = await openTask('boss', instanceId, 'claim');
    await post('boss', '/api/blade-flow/work/claim-task', { query: { taskId: offered.taskId } });
    const forgedStep = await post('boss', '/api/blade-flow/work/complete-task', { payload: { taskId: offered.taskId, flag: 'ok', variables: { amount: 1 } } });
    expect(forgedStep.body.success).toBe(false);
  });

  it('another tenant cannot submit, see or edit the claim, and has its own', async () => {
    const id = await fileClaim('租户A', 300);
    const submit = await post('b', `${BASE}/submit-approval`, { query: { id } });
    expect(submit.body.success).toBe(false);
    expect((await get('b', `${BASE}/list`, { current: '1', size: '50' })).body.data.records.map((r: any) => String(r.id))).not.toContain(id);
    expect(await claimRow(id)).toMatchObject({ flowStatus: 'draft' });
    const own = await fileClaim('租户B', 300, 'b');
    const res = await post('b', `${BASE}/submit-approval`, { query: { id: own } });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(await claimRow(own, 'b')).toMatchObject({ flowStatus: 'running' });
    // A's manager is not offered B's task.
    expect(await openTask('manager', res.body.data.processInstanceId, 'claim')).toBeUndefined();
  });

  it('refuses 提交审批 when no expense process is deployed or active, in the caller\'s language', async () => {
    const db = t.services.system.database.db;
    const id = await fileClaim('未部署', 100);
    await db.updateTable('blade_flow_definition').set({ suspension_state: 2 }).where('process_key', '=', 'expense').execute();
    try {
      expect((await post('admin', `${BASE}/submit-approval`, { query: { id } })).body).toMatchObject({ success: false, msg: '流程 expense 尚未部署' });
      const en = await t.call({ method: 'POST', url: `${BASE}/submit-approval`, headers: { ...headers.admin, 'accept-language': 'en' }, query: { id } });
      expect(en.body.msg).toBe('the process expense is not deployed yet');
      expect(await claimRow(id)).toMatchObject({ flowStatus: 'draft' });
    } finally {
      await db.updateTable('blade_flow_definition').set({ suspension_state: 1 }).where('process_key', '=', 'expense').execute();
    }
  });
});

describe('an x-flow request as its approvers see it (business-view) and 撤回 by its starter', () => {
  it('shows the approver the fields the schema names, labelled in their language with values in words; others of the tenant or another tenant get nothing', async () => {
    const id = await fileClaim('差旅 视图', 1234.5);
    const instanceId = (await post('admin', `${BASE}/submit-approval`, { query: { id } })).body.data.processInstanceId;
    const offered = await openTask('manager', instanceId, 'claim');
    expect(offered).toMatchObject({ businessEntity: 'desk/expense' });
    expect((await get('manager', '/api/blade-flow/process/business-view', { processInstanceId: instanceId })).body.data).toEqual({
      entity: 'desk/expense', name: '报销',
      fields: [
        { name: 'title', label: '标题', value: '差旅 视图' }, { name: 'amount', label: '金额', value: '1234.50 元' },
        { name: 'occurredDate', label: '发生日期', value: '2026-11-30' }, { name: 'reason', label: '事由', value: '出差' },
      ],
    });
    const en = await t.call({ method: 'GET', url: '/api/blade-flow/process/business-view', headers: { ...headers.manager, 'accept-language': 'en' }, query: { processInstanceId: instanceId } });
    expect(en.body.data.fields[1]).toEqual({ name: 'amount', label: 'Amount', value: '1234.50 CNY' });
    expect((await get('b', '/api/blade-flow/process/business-view', { processInstanceId: instanceId })).body.success).toBe(false);
  });

  it('lets the starter withdraw before anyone acted: the row is withdrawn, editable and submittable again', async () => {
    const id = await fileClaim('差旅 撤回', 300);
    const instanceId = (await post('admin', `${BASE}/submit-approval`, { query: { id } })).body.data.processInstanceId;
    expect((await post('admin', `${BASE}/submit`, { payload: { ...(await claimRow(id)), title: '改了' } })).body.success).toBe(false);
    const res = await post('admin', '/api/blade-flow/work/withdraw-task', { payload: { processInstanceId: instanceId } });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, msg: '已撤回' });
    expect(await claimRow(id)).toMatchObject({ flowStatus: 'withdrawn' });
    expect((await post('admin', `${BASE}/submit`, { payload: { ...(await claimRow(id)), title: '差旅 撤回 改' } })).body.success).toBe(true);
    expect((await post('admin', `${BASE}/submit-approval`, { query: { id } })).body.success).toBe(true);
  });
});
