import { systemContext, type AppServices } from '../../app-services.js';
import { routeTo } from '../../db/tenant-scope.js';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import type { Condition } from '../../engine/conditions.js';
import { columnOf, type EntityRecord } from '../../engine/record-codec.js';
import type { SocialProfile, SocialSource } from './providers/social-provider.js';
import { isIdText } from '../../engine/input-rules.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

export const USER_OAUTH_MODEL = 'system/user-oauth';

/** blade_user_oauth: one row per provider user (uuid, source) and tenant, bound to a user or not yet. */
export class OAuthAccounts {
  constructor(private readonly services: AppServices) {}

  private get model() {
    return this.services.model(USER_OAUTH_MODEL);
  }

  /** Provider values cut to the columns' lengths (a provider may send a long bio or URL). */
  private clipped(profile: SocialProfile): EntityRecord {
    const out: EntityRecord = {};
    for (const [name, value] of Object.entries(profile)) {
      const field = fieldOf(this.model, name);
      if (field) out[name] = field.maxLength ? value.slice(0, field.maxLength) : value;
    }
    return out;
  }

  private async findByUuid(tenantId: string, source: SocialSource, uuid: string): Promise<EntityRecord | undefined> {
    const field = (name: string) => fieldOf(this.model, name)!;
    const conditions: Condition[] = [{ field: field('uuid'), op: 'equal', value: uuid }, { field: field('source'), op: 'equal', value: source }];
    const [row] = await this.services.system.repo.list(this.model, systemContext(tenantId), { conditions, order: [] });
    return row;
  }

  /** Records what the provider says now about its user; answers the row (its binding untouched). */
  async upsert(tenantId: string, source: SocialSource, profile: SocialProfile, isRetry = false): Promise<EntityRecord> {
    const ctx = systemContext(tenantId);
    const { uuid, ...details } = this.clipped(profile);
    const existing = await this.findByUuid(tenantId, source, String(uuid));
    if (existing) {
      await this.services.system.repo.update(this.model, ctx, String(existing.id), details);
      return { ...existing, ...details };
    }
    try {
      const id = await this.services.system.repo.insert(this.model, ctx, { uuid, source, ...details });
      return (await this.find(tenantId, id))!;
    } catch (error) {
      // Two first sign-ins of one provider user at once: the unique index lets one insert win.
      if (isRetry || !isUniqueViolation(error)) throw error;
      return this.upsert(tenantId, source, profile, true);
    }
  }

  async find(tenantId: string, id: string): Promise<EntityRecord | undefined> {
    if (!isIdText(id)) return undefined;
    return this.services.system.repo.findByKey(this.model, systemContext(tenantId), id);
  }

  /** Binds an unbound row to a user; false when the row is gone or already bound (a concurrent registration). */
  async bind(tenantId: string, id: string, userId: string): Promise<boolean> {
    const model = this.model;
    // A registration runs on an open route (the platform's scope): the row is in the tenant's database.
    const result = await routeTo(tenantId, () => this.services.system.repo.db.updateTable(model.table)
      .set({ [columnOf(model, 'userId')]: userId })
      .where('id', '=', id).where('tenant_id', '=', tenantId).where(columnOf(model, 'userId'), 'is', null)
      .executeTakeFirst());
    const bound = Number(result.numUpdatedRows) === 1;
    // Written past the repository (a conditional update): logged as a write the engine cannot describe.
    if (bound) await this.services.tableWritten(model.table);
    return bound;
  }

  /** Drops the binding to a user that no longer exists, so the person can register again. */
  async unbind(tenantId: string, id: string): Promise<void> {
    await this.services.system.repo.update(this.model, systemContext(tenantId), id, { userId: null });
  }
}
