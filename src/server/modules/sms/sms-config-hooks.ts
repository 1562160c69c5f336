import type { AppServices } from '../../app-services.js';
import { STATUS_ON, switchOthersOff } from '../oss/config-rows.js';

export const SMS_MODEL = 'resource/sms';

/** Engine writes of SMS configurations: one enabled row per tenant (the vendor fields per category are the schema's allOf rules). */
export function registerSmsConfigHooks(services: AppServices): void {
  services.hooks.on(SMS_MODEL, {
    async beforeWrite({ model, ctx, repo, values, key }) {
      if (Number(values.status) === STATUS_ON) await switchOthersOff({ repo, model, ctx, keepKey: key });
    },
  });
}
