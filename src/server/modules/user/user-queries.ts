import type { EndpointModel, EntityModel, FilterOp } from '../../../shared/schema/entity-model.js';
import { badRequest } from '../../../shared/errors.js';
import { isEmpty } from '../../../shared/is-empty.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Page } from '../../engine/list-reader/read-query.js';
import type { RequestContext } from '../../engine/request-context.js';
import { UserCatalog } from './user-catalog.js';
import type { UserDepts } from './user-depts.js';
import { isIdText } from '../../engine/input-rules.js';

type Query = Record<string, unknown>;

/**
 * BladeX `page`: the schema's filters (through the engine, so tenant, data scope and
 * paging rules apply) plus `deptId`, which selects the users linked to that department
 * or to any department below it.
 */
export class UserQueries {
  readonly model: EntityModel;

  constructor(private readonly services: AppServices, private readonly depts: UserDepts) {
    this.model = services.model('system/user');
  }

  async rawPage(ctx: RequestContext, query: Query): Promise<Page<EntityRecord>> {
    const { deptId, ...rest } = query;
    return this.services.resources.page(this.model, await this.endpoint(ctx, deptId), ctx, rest);
  }

  async page(ctx: RequestContext, query: Query): Promise<Page<EntityRecord>> {
    const [page, catalog] = await Promise.all([this.rawPage(ctx, query), UserCatalog.load(this.services, this.model, ctx)]);
    return { ...page, records: page.records.map((r) => catalog.withNames(this.model, r)) };
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
