import { AppError } from '../../../shared/errors.js';

/** The alias rule, also the schema's `pattern` (schemas/system/role.json): an identifier, no separators. */
export const ROLE_ALIAS = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** Aliases the platform gives a meaning to; only their exact spelling may name a role (`guest` none at all). */
const RESERVED: Record<string, { exactAllowed: boolean }> = {
  administrator: { exactAllowed: true },
  admin: { exactAllowed: true },
  guest: { exactAllowed: false },
};

/** Case, spaces, underscores and dashes do not tell two aliases apart for people reading them. */
const normalized = (alias: string) => alias.toLowerCase().replace(/[\s_-]/g, '');

/**
 * Refuses an alias that is not an identifier, or that reads as a reserved name without
 * being its exact spelling (`Administrator`, `admin_istrator`, `ADMIN`): such a role would
 * look like the platform's own to whoever grants it.
 */
export function checkRoleAlias(alias: unknown): void {
  const text = String(alias ?? '');
  if (!ROLE_ALIAS.test(text)) throw new AppError('role.aliasFormat', undefined, 400, { field: 'roleAlias' });
  const reserved = RESERVED[normalized(text)];
  if (reserved && !(reserved.exactAllowed && normalized(text) === text)) {
    throw new AppError('role.aliasReserved', { alias: text }, 400, { field: 'roleAlias' });
  }
}
