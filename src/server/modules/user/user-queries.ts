import type { EndpointModel, EntityModel, FilterOp } from '../../../shared/schema/entity-model.js';
import { badRequest } from '../../../shared/errors.js';
import { isEmpty } from '../../../shared/is-empty.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Page } from '../../engine/repository.js';
import type { RequestContext } from '../../engine/request-context.js';
import type { UserDepts } from './user-depts.js';
import { isIdText } from '../../engine/input-rules.js';

type Query = Record<string, unknown>;

/**
 * The users the engine's `page` answers (the schema's filters; `deptId` through the side
 * tree: users of that department or of any below it), without the view names, for exports.
 */
export class UserQueries {
  readonly model: EntityModel;

  constructor(private readonly services: AppServices, private readonly depts: UserDepts) {
    this.model = services.model('system/user');
  }

  rawPage(ctx: RequestContext, query: Query): Promise<Page<EntityRecord>> {
    return this.services.resources.page(this.model, { ...this.model.endpoints.page, viewHooks: false }, ctx, query);
  }

  /** The `page` endpoint, narrowed to the users of `deptId`'s subtree when one is given. */
  async endpoint(ctx: RequestContext, deptId: unknown): Promise<EndpointModel> {
    const base: EndpointModel = { ...this.model.endpoints.list, action: 'page' };
    if (isEmpty(deptId)) return base;
    if (typeof deptId !== 'string' || !isIdText(deptId)) throw badRequest('request.paramInvalid', { name: 'deptId' });
    const ids = await this.depts.usersInSubtree(ctx, deptId);
    // The engine's fixed predicates take the server-side `in` operator as well; the
    // authored schema format only allows the URL operators, hence the cast.
    const where = { field: this.model.primaryKey, op: 'in' as FilterOp, value: ids };
    return { ...base, where: [...base.where, where] };
  }
}
