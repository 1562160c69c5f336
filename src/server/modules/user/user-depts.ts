import type { AppServices } from '../../app-services.js';
import { columnOf } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';
import type { RequestContext } from '../../engine/request-context.js';

/**
 * blade_user_dept: one row per (user, department), mirroring the user's deptId (the user
 * schema's side tree reads it: x-list.sideTree.link).
 */
export class UserDepts {
  constructor(private readonly services: AppServices) {}

  /** Replaces the user's department rows (inside the caller's transaction). */
  async rewrite(repo: Repository, ctx: RequestContext, { userId, deptIds }: { userId: string; deptIds: string[] }): Promise<void> {
    const link = this.services.model('system/user-dept');
    await repo.db.deleteFrom(link.table).where(columnOf(link, 'userId'), '=', userId).execute();
    for (const deptId of deptIds) await repo.insert(link, ctx, { userId, deptId });
  }
}
