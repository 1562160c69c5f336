import type { AppModule } from './module.js';
import { registerTokenRoutes } from './auth/token-routes.js';
import { registerCaptchaModule } from './captcha/index.js';
import { registerLogModule } from './log/index.js';
import { registerMenuModule } from './menu/index.js';
import { registerRoleModule } from './role/index.js';
import { registerDeptModule } from './dept/index.js';
import { registerFlowModule } from './flow/index.js';
import { registerTopMenuModule } from './topmenu/index.js';
import { registerMetaModule } from './meta/index.js';
import { registerOssModule } from './oss/index.js';
import { registerRegionModule } from './region/index.js';
import { registerReportModule } from './report/index.js';
import { registerDashboardModule } from './dashboard/index.js';
import { registerSmsModule } from './sms/index.js';
import { registerSocialModule } from './social/index.js';
import { registerTenantModule } from './tenant/index.js';
import { registerUserModule } from './user/index.js';
import { registerDevelopModule } from './develop/index.js';
import { registerJobModule } from './job/index.js';

export type { AppModule, ModuleRoutes } from './module.js';

/** Every module, in registration order. One line each. */
export const modules: AppModule[] = [
  registerTokenRoutes,
  registerCaptchaModule,
  registerMenuModule,
  registerLogModule,
  registerRoleModule,
  registerDeptModule,
  registerTopMenuModule,
  registerMetaModule,
  registerTenantModule,
  registerUserModule,
  registerOssModule,
  registerSmsModule,
  registerSocialModule,
  registerRegionModule,
  registerFlowModule,
  registerReportModule,
  registerDashboardModule,
  registerDevelopModule,
  registerJobModule,
];
