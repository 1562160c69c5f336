/**
 * A list with a side tree from its schema file alone (x-list.sideTree): a server on the
 * suite's built console with one more schema shows the department tree beside the list,
 * and a pick narrows the list to that department and the ones below it.
 */
import { describe, expect, it } from 'vitest';
import { schemasWith } from '../support/expense-schema.js';
import { ListPage } from './pages/list-page.js';
import { consoleWithSchemas } from './support/console-with-schemas.js';

const ticket = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '工单', en: 'Tickets' },
  'x-table': { name: 'demo_ticket', tenancy: 'tenant' },
  'x-api': { path: '/demo/ticket', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  'x-list': { columns: ['title'], search: ['title'], sideTree: { url: '/blade-system/dept/tree', field: 'deptId', label: { zh: '所属部门', en: 'Departments' } } },
  'x-menu': { path: '/demo/ticket', parent: 'system', sort: 61 },
  required: ['title'],
  properties: {
    title: { type: 'string', maxLength: 64, 'x-label': { zh: '标题', en: 'Title' } },
    deptId: { type: 'string', 'x-type': 'id', 'x-label': { zh: '部门', en: 'Department' }, 'x-options': { url: '/blade-system/dept/tree' } },
  },
};

const served = consoleWithSchemas(schemasWith({ 'demo/ticket.json': JSON.stringify(ticket) }));

describe('a side tree declared in the schema', () => {
  it('is drawn beside the list, and a pick shows the department and the ones below it', async () => {
    const { api, page } = served;
    const root = (await api.post<{ id: string }>('/blade-system/dept/submit', { deptName: 'ST根', fullName: 'ST根', parentId: '0', sort: 1, deptCategory: 2 })).id;
    const child = (await api.post<{ id: string }>('/blade-system/dept/submit', { deptName: 'ST子', fullName: 'ST子', parentId: root, sort: 1, deptCategory: 2 })).id;
    const other = (await api.post<{ id: string }>('/blade-system/dept/submit', { deptName: 'ST外', fullName: 'ST外', parentId: '0', sort: 2, deptCategory: 2 })).id;
    for (const [title, deptId] of [['根工单', root], ['子工单', child], ['外工单', other]]) await api.post('/demo/ticket/submit', { title, deptId });

    const list = new ListPage(page);
    await list.openFromMenu('/system', '/demo/ticket');
    await page.getByText('所属部门').first().waitFor();
    await list.row('外工单').first().waitFor();
    await page.locator(`#dept_tree_${root}`).click();
    await expect.poll(() => list.rows().filter({ hasText: '外工单' }).count()).toBe(0);
    await list.row('根工单').first().waitFor();
    await list.row('子工单').first().waitFor();
    await page.locator(`#dept_tree_${child}`).click();
    await expect.poll(() => list.rows().filter({ hasText: '根工单' }).count()).toBe(0);
    await list.row('子工单').first().waitFor();
    // A click on the picked node clears the pick.
    await page.locator(`#dept_tree_${child}`).click();
    await list.row('外工单').first().waitFor();
  });
});
