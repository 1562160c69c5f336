import { registerAccountRoutes } from './account-routes.js';
import { createUserDeps } from './user-deps.js';
import { userHooks } from './user-hooks.js';
import { userViews } from './user-views.js';
import { platformDetailView } from './platform-detail-view.js';
import { registerUserActions } from './user-actions.js';
import type { AppModule } from '../module.js';
import { registerExportKind, registerImportKind } from '../job/job-kinds.js';
import { userExport } from './excel/user-export-job.js';
import { userImport } from './excel/user-import-job.js';
import { userWholeImport } from './excel/user-whole-import.js';

/**
 * BladeX's `/blade-user` endpoints beyond the engine's list/page/detail/remove (page's
 * department filter is the schema's side tree; the module adds its view names):
 * the user rules as hooks on every write (submit and update are the schema's), the
 * schema's x-actions hooks (grant, update-platform, approve, unlock) and the caller's own
 * password (info, update-info and platform-detail are the schema's). Excel is the
 * engine's (x-api kinds export, export-template, import, import-errors) over the users'
 * import and export kinds.
 */
export const registerUserModule: AppModule = (_app, services) => {
  const deps = createUserDeps(services);
  services.hooks.on('system/user', userHooks(services, deps.depts));
  services.hooks.on('system/user', userViews(services));
  services.hooks.on('system/user', platformDetailView(deps));
  registerUserActions(deps);
  registerImportKind(services, 'system/user', (s, model) => ({ ...userImport(s, model), whole: userWholeImport(s, model) }));
  registerExportKind(services, 'system/user', userExport);
  return (routes) => registerAccountRoutes(routes, deps);
};
