import type { AppServices } from '../../app-services.js';
import { STATUS_ON, switchOthersOff } from './config-rows.js';
import { S3_REQUIRED, isLocalCategory } from './oss-categories.js';
import { requireFields } from './required-fields.js';

export const OSS_MODEL = 'resource/oss';

/** Engine writes of OSS configurations: vendor fields per category, one enabled row per tenant. */
export function registerOssConfigHooks(services: AppServices): void {
  services.hooks.on(OSS_MODEL, {
    async beforeWrite({ model, ctx, repo, values, existing, key }) {
      const merged = { ...existing, ...values };
      requireFields(model, merged, isLocalCategory(merged.category) ? [] : S3_REQUIRED, ctx.lang);
      if (Number(values.status) === STATUS_ON) await switchOthersOff({ repo, model, ctx, keepKey: key });
    },
  });
}
