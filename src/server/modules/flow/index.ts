import { IdGenerator } from '../../db/ids.js';
import { Definitions } from './definitions.js';
import { seedExpenseProcess, seedLeaveProcess } from './flow-seed.js';
import { approvalBusiness, approvalFacts, registerEntityApprovals } from './entity-approvals.js';
import { createFlowTables, registerFlowTenantTables } from './flow-tables.js';
import { History } from './history.js';
import { LEAVE_FACTS, LEAVE_TABLE, LeaveService } from './leave.js';
import { Models } from './models.js';
import { Processes } from './processes.js';
import { registerFlowRoutes } from './routes.js';
import { WorkLists } from './work-lists.js';
import { WorkTotals } from './work-totals.js';
import { TimerPoller } from './timer-poller.js';
import { TaskHandovers } from './task-handover.js';
import { TaskMoves } from './task-moves.js';
import { TaskCopies } from './task-copies.js';
import { TaskUrges } from './task-urge.js';
import type { AppModule } from '../module.js';
import { hasAdminRole } from '../../engine/request-context.js';
import { flowForbidden } from './flow-messages.js';

/** Workflow (issue 12): BPMN models, deployments, instances on bpmn-engine, work lists, the leave process. */
export const registerFlowModule: AppModule = (app, services) => {
  const db = services.system.database.db;
  const ids = new IdGenerator();
  const definitions = new Definitions({ db, ids, everyDatabase: (read) => services.tenantDatabases.inEveryDatabase(read) });
  const totals = new WorkTotals();
  const processes = new Processes(ids, { [LEAVE_TABLE]: LEAVE_FACTS, ...approvalFacts(services.models) });
  registerEntityApprovals(services, { db, ids, processes });
  const deps = {
    entityModels: () => services.models, db, definitions, processes, models: new Models({ db, ids, written: () => services.tableWritten('blade_flow_model') }), lists: new WorkLists({ db, totals, derived: services.derived, dictTable: () => services.model('system/dict').table, businessOf: approvalBusiness(() => services.models) }), history: new History(db),
    leave: new LeaveService({ db, ids, processes }), handovers: new TaskHandovers(ids), moves: new TaskMoves(processes), copies: new TaskCopies(ids), urges: new TaskUrges(ids),
  };
  registerFlowTenantTables(services);
  // 模型管理's list is the schema's (flow/model.json); like every model route, administrators only, in the workflow's words.
  services.resources.guard({ entity: 'flow/model', endpoint: 'list' }, (ctx) => {
    if (!hasAdminRole(ctx)) throw flowForbidden();
  });
  services.startTasks.push(async () => {
    await createFlowTables(services.system.database);
    await seedLeaveProcess(services, definitions);
    await seedExpenseProcess(services, definitions);
  });
  const timers = new TimerPoller({
    db, processes, everyDatabase: (read) => services.tenantDatabases.inEveryDatabase(read), movingTenants: () => services.tenantDatabases.movingTenants(),
    intervalMs: Number(process.env.FLOW_TIMER_POLL_MS) || 1000, log: (error, timer) => app.log.error({ err: error, timer: timer?.id }, 'flow timer failed'),
  });
  app.addHook('onReady', async () => timers.start());
  // As a plugin: closed before the database is (see the job module).
  app.register(async (instance) => {
    instance.addHook('onClose', () => timers.stop());
  });
  return (routes) => registerFlowRoutes(routes, deps);
};
