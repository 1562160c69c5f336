import { badRequest, notFound } from '../../../shared/errors.js';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import { columnOf, type EntityRecord } from '../../engine/record-codec.js';
import type { CallerRows } from '../../engine/caller-rows.js';
import type { Repository } from '../../engine/repository.js';
import type { RequestContext } from '../../engine/request-context.js';
import { requireUserAdmin } from './admin-guard.js';
import { UserCatalog } from './user-catalog.js';
import { PLATFORM_MODELS, type UserDeps } from './user-deps.js';

/**
 * BladeX's per-platform extension of a user (blade_user_web | app | other, chosen by
 * userType 1 | 2 | 3): one free-text `userExt` per user and platform. The link tables
 * carry no tenant, so the user is always looked up in the caller's tenant first.
 */
export class PlatformService {
  constructor(private readonly deps: UserDeps) {}

  private platformModel(userType: unknown): EntityModel {
    const key = PLATFORM_MODELS[Number(userType)];
    if (!key || !/^[123]$/.test(String(userType))) throw badRequest('user.userTypeInvalid');
    return this.deps.services.model(key);
  }

  private async extOf(platform: EntityModel, userId: string): Promise<string> {
    const row = await this.deps.services.system.repo.db.selectFrom(platform.table).select(columnOf(platform, 'userExt'))
      .where(columnOf(platform, 'userId'), '=', userId).executeTakeFirst();
    return String(row?.[columnOf(platform, 'userExt')] ?? '');
  }

  /** The `userExt` of the user's own platform ('' for a user type without one). */
  async userExtOf(user: EntityRecord): Promise<string> {
    if (!PLATFORM_MODELS[Number(user.userType)]) return '';
    return this.extOf(this.platformModel(user.userType), String(user.id));
  }

  /**
   * Replaces the user's row of that platform (x-actions `platform`, POST update-platform): inside
   * the action's transaction, the user already found in the caller's tenant by the engine.
   */
  async update(input: { repo: Repository; rows: CallerRows; userId: string; userType: unknown; userExt: unknown }): Promise<void> {
    const platform = this.platformModel(input.userType);
    const { repo, userId } = input;
    // The link table has no soft delete: the old row goes for good, the new one by the one write path.
    await repo.db.deleteFrom(platform.table).where(columnOf(platform, 'userId'), '=', userId).execute();
    await input.rows.insert(platform, { userId, userExt: String(input.userExt ?? '') });
  }
}
