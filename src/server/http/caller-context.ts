import type { Lang } from '../../shared/schema/entity-model.js';
import type { ReadAhead } from './read-ahead.js';

/** Who is asking: always taken from the verified token, never from the request body. */
export interface RequestContext {
  tenantId: string;
  userId: string;
  /** First department of the caller ("0" when none). */
  deptId: string;
  lang: Lang;
  account?: string;
  roleIds?: string[];
  roleAliases?: string[];
  deptIds?: string[];
  /** The platform itself (seed, sign-in lookups): no access policy applies. */
  isSystem?: boolean;
  /** Table generations read with the request's token check (read-ahead.ts). */
  readAhead?: ReadAhead;
}
