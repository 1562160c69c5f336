import { systemContext, type AppServices } from '../../app-services.js';
import type { Definitions } from './definitions.js';
import { EXPENSE_BPMN, EXPENSE_CATEGORY, EXPENSE_PROCESS_KEY } from './expense-process.js';
import { LEAVE_BPMN, LEAVE_CATEGORY, LEAVE_PROCESS_KEY } from './leave-process.js';

/* The 我的事务 / 流程管理 menus and their buttons are seeded with the other menus (seed/data/menus.ts). */

/** The shared leave process, deployed once (a later start keeps what admins changed). */
export async function seedLeaveProcess(services: AppServices, definitions: Definitions): Promise<void> {
  const found = await services.system.repo.db.selectFrom('blade_flow_definition').select('id').where('process_key', '=', LEAVE_PROCESS_KEY).limit(1).executeTakeFirst();
  if (found) return;
  // Processes starting together may both find none: the deploy decides again under the key's lock.
  await definitions.deploy(systemContext(), { xml: LEAVE_BPMN, resourceName: 'Leave.bpmn20.xml', category: LEAVE_CATEGORY, tenantIds: [], onlyIfAbsent: true });
}

/** The shared expense process of the 报销 entity (x-flow), deployed once like the leave's. */
export async function seedExpenseProcess(services: AppServices, definitions: Definitions): Promise<void> {
  const found = await services.system.repo.db.selectFrom('blade_flow_definition').select('id').where('process_key', '=', EXPENSE_PROCESS_KEY).limit(1).executeTakeFirst();
  if (found) return;
  await definitions.deploy(systemContext(), { xml: EXPENSE_BPMN, resourceName: 'Expense.bpmn20.xml', category: EXPENSE_CATEGORY, tenantIds: [], onlyIfAbsent: true });
}
