import type { AppServices } from '../../app-services.js';
import { CONFIG_STATUS, STATUS_ON, switchOthersOff } from '../../engine/active-row.js';

export const SMS_MODEL = 'resource/sms';

/** Engine writes of SMS configurations: one enabled row per tenant (the vendor fields per category are the schema's allOf rules). */
export function registerSmsConfigHooks(services: AppServices): void {
  services.hooks.on(SMS_MODEL, {
    async beforeWrite({ model, ctx, repo, values, key }) {
      if (Number(values.status) === STATUS_ON) await switchOthersOff(repo, model, ctx, { ...CONFIG_STATUS, keep: key });
    },
  });
}
