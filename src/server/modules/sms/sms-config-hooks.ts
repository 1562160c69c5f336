import type { AppServices } from '../../app-services.js';
import { STATUS_ON, switchOthersOff } from '../oss/config-rows.js';
import { requireFields } from '../oss/required-fields.js';
import { SMS_REQUIRED } from './sms-categories.js';

export const SMS_MODEL = 'resource/sms';

/** Engine writes of SMS configurations: vendor fields per category, one enabled row per tenant. */
export function registerSmsConfigHooks(services: AppServices): void {
  services.hooks.on(SMS_MODEL, {
    async beforeWrite({ model, ctx, repo, values, existing, key }) {
      const merged = { ...existing, ...values };
      requireFields(model, merged, SMS_REQUIRED[Number(merged.category)] ?? [], ctx.lang);
      if (Number(values.status) === STATUS_ON) await switchOthersOff({ repo, model, ctx, keepKey: key });
    },
  });
}
