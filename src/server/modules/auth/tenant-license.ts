import { sql } from 'kysely';
import type { TextKey } from '../../../shared/i18n/translate.js';
import type { AppServices } from '../../app-services.js';
import { columnOf } from '../../engine/record-codec.js';
import { PLATFORM_TENANT } from '../../engine/request-context.js';

/** Why sign-in is refused: a catalogue key. */
export type SignInRefusal = TextKey;

/**
 * Why this tenant may not sign in now (reference §5.6), else undefined. Expiry is
 * compared in the database, on the same clock that writes every other time column.
 */
export async function tenantRefusal(services: AppServices, tenantId: string): Promise<SignInRefusal | undefined> {
  const model = services.model('system/tenant');
  const expire = sql.ref(columnOf(model, 'expireTime'));
  const row = await services.system.repo.db.selectFrom(model.table)
    .select(sql<boolean>`${expire} is not null and ${expire} < localtimestamp(0)`.as('expired'))
    .where(columnOf(model, 'tenantId'), '=', tenantId).where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) return 'auth.loginTenantMissing';
  if (tenantId !== PLATFORM_TENANT && row.expired) return 'auth.tenantExpired';
  return undefined;
}
