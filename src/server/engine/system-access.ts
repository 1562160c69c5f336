import type { Database } from '../db/database.js';
import type { Repository } from './repository.js';

/**
 * The platform acting on its own, with no caller's rights to check: the seed, sign-in
 * lookups before a caller exists, log writes, the platform's own facts about a caller (its
 * stored roles, its profile, its tenant's package), whole-table figures. The repository
 * still limits each query to the context's tenant and to live rows, but no access policy
 * and no data scope applies, and `database` answers raw SQL. Module code that acts for a
 * caller uses `services.resources` (its endpoints' operations, or `rowsOf(ctx)`) instead;
 * each use of `services.system` is a bypass a reviewer should see
 * (tests/unit/server/system-access.test.ts lists the files allowed one).
 */
export interface SystemAccess {
  readonly repo: Repository;
  readonly database: Database;
}
