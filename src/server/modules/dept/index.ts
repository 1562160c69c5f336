import { deptRules } from './dept-rules.js';
import type { AppModule } from '../module.js';

/** Departments: the rules of department writes (CRUD, the lazy list, the tree by tenant and the select are the engine's, from the schema). */
export const registerDeptModule: AppModule = (_app, services) => {
  services.hooks.on('system/dept', deptRules);
};
