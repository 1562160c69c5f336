import { AppError, ErrorCodes } from '../../../shared/errors.js';
import { isEmpty } from '../../../shared/is-empty.js';
import { failureText } from '../../../shared/schema/validation-messages.js';
import type { AppServices } from '../../app-services.js';
import { SOCIAL_CLIENT_MODEL } from './social-clients.js';

/**
 * The client secret is never sent to the console (x-secret), so an edit that leaves it
 * empty keeps the stored one; a new row needs it (with the schema's own message).
 */
export function registerSocialClientHooks(services: AppServices): void {
  services.hooks.on(SOCIAL_CLIENT_MODEL, {
    async beforeWrite({ model, values, isInsert }) {
      if (!isEmpty(values.clientSecret)) return;
      if (!isInsert) {
        delete values.clientSecret;
        return;
      }
      throw new AppError(failureText(model, { keyword: 'required', field: 'clientSecret', params: {} }), undefined, 400, { code: ErrorCodes.VALIDATION_FAILED, field: 'clientSecret' });
    },
  });
}
