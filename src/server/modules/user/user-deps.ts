import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { RecordValidator } from '../../engine/record-validator.js';
import { UserDepts } from './user-depts.js';
import { UserQueries } from './user-queries.js';

/** What the user module's services share, built once at start-up. */
export interface UserDeps {
  services: AppServices;
  /** `system/user`. */
  model: EntityModel;
  /** The schema rules and messages of the user and its platform tables. */
  validator: RecordValidator;
  depts: UserDepts;
  queries: UserQueries;
}

export const PLATFORM_MODELS: Record<number, string> = { 1: 'system/user-web', 2: 'system/user-app', 3: 'system/user-other' };

export function createUserDeps(services: AppServices): UserDeps {
  const model = services.model('system/user');
  const depts = new UserDepts(services);
  return { services, model, validator: new RecordValidator(), depts, queries: new UserQueries(services) };
}
