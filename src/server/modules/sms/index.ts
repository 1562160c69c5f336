import type { AppServices } from '../../app-services.js';
import { loadJwtKey } from '../auth/jwt-key.js';
import { registerGrant } from '../auth/sign-in-extensions.js';
import { STATUS_ON } from '../../engine/active-row.js';
import { defaultConfigForNewTenants, seedDefaultConfigs } from '../tenant/tenant-defaults.js';
import { SMS_CATEGORY } from './sms-categories.js';
import { SMS_MODEL, registerSmsConfigHooks } from './sms-config-hooks.js';
import { smsCodeGrant } from './sms-code-grant.js';
import { registerSmsCodeRoute } from './sms-code-route.js';
import { registerSmsRoutes } from './sms-routes.js';
import { SmsService } from './sms-service.js';
import { SmsCodeService } from './verification-codes.js';
import type { AppModule } from '../module.js';

/** The default every tenant starts with: the log provider, enabled. */
const DEFAULT_SMS = { category: SMS_CATEGORY.log, smsCode: 'log', remark: '日志记录(默认,不实际发送)', status: STATUS_ON };

/**
 * The verification-code service over an app's services (send + validate). Its state
 * lives in the shared store, so instances agree.
 */
function smsCodeService(services: AppServices): SmsCodeService {
  return new SmsCodeService({ store: services.store, sms: new SmsService(services), serverKey: loadJwtKey(services.config), limits: services.config.smsCode });
}

/**
 * SMS (reference §4.15): configurations (engine CRUD; enable is the schema's x-actions), sending,
 * verification codes, the log provider; and the phone sign-in (grant `sms_code`, its code route).
 */
export const registerSmsModule: AppModule = (app, services) => {
  const sms = new SmsService(services);
  const codes = smsCodeService(services);
  registerSmsConfigHooks(services);
  defaultConfigForNewTenants(services, SMS_MODEL, DEFAULT_SMS);
  services.startTasks.push(() => seedDefaultConfigs(services, SMS_MODEL, DEFAULT_SMS));
  registerGrant(services, { name: 'sms_code', grant: (issuer) => smsCodeGrant(services, { issuer, codes }) });
  return (routes) => {
    registerSmsCodeRoute(routes, { services, codes });
    registerSmsRoutes(routes, sms, codes);
  };
};
