import { AppError, ErrorCodes } from '../../../shared/errors.js';
import { isEmpty } from '../../../shared/is-empty.js';
import { messageFor } from '../../../shared/schema/validation-messages.js';
import type { AppServices } from '../../app-services.js';
import { SOCIAL_CLIENT_MODEL } from './social-clients.js';

/**
 * The client secret is never sent to the console (x-secret), so an edit that leaves it
 * empty keeps the stored one; a new row needs it (with the schema's own message).
 */
export function registerSocialClientHooks(services: AppServices): void {
  services.hooks.on(SOCIAL_CLIENT_MODEL, {
    async beforeWrite({ model, ctx, values, isInsert }) {
      if (!isEmpty(values.clientSecret)) return;
      if (!isInsert) {
        delete values.clientSecret;
        return;
      }
      const text = messageFor(model, { keyword: 'required', field: 'clientSecret', params: {} }, ctx.lang);
      throw new AppError({ code: ErrorCodes.VALIDATION_FAILED, status: 400, text, fieldErrors: { clientSecret: text } });
    },
  });
}
