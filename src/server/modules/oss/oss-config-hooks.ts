import type { AppServices } from '../../app-services.js';
import { CONFIG_STATUS, STATUS_ON, switchOthersOff } from '../../engine/active-row.js';

export const OSS_MODEL = 'resource/oss';

/** Engine writes of OSS configurations: one enabled row per tenant (the vendor fields per category are the schema's allOf rules). */
export function registerOssConfigHooks(services: AppServices): void {
  services.hooks.on(OSS_MODEL, {
    async beforeWrite({ model, ctx, repo, values, key }) {
      if (Number(values.status) === STATUS_ON) await switchOthersOff(repo, model, ctx, { ...CONFIG_STATUS, keep: key });
    },
  });
}
