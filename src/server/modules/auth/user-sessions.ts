import type { AppServices } from '../../app-services.js';
import { tokensOf } from './token-registry.js';
import type { EntityRecord } from '../../engine/record-codec.js';

/**
 * Fields whose change ends a user's sessions: what a token was issued on (roles,
 * departments, account, status) and the credential it was earned with.
 */
const SESSION_FIELDS = ['roleId', 'deptId', 'account', 'status', 'password', 'tenantId'] as const;

/** Whether an update changes a field the user's tokens depend on. */
export function endsSessions(values: EntityRecord, existing: EntityRecord | undefined): boolean {
  return SESSION_FIELDS.some((name) => name in values && String(values[name] ?? '') !== String(existing?.[name] ?? ''));
}

/**
 * Revokes every token of these users, in every process, once `repo`'s transaction has
 * committed (at once outside one): bumping before the commit would let a sign-in that
 * reads the epoch meanwhile pair it with the row as it was.
 */
export async function endUserSessions(services: AppServices, opts: { repo?: { afterCommit(task: () => Promise<void>): Promise<void> }; tenantId: string; userIds: string[] }): Promise<void> {
  const end = async () => {
    for (const userId of opts.userIds) await tokensOf(services).endUserSessions(opts.tenantId, userId);
  };
  await (opts.repo ?? services.system.repo).afterCommit(end);
}
