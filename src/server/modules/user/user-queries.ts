import type { EndpointModel, EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Page } from '../../engine/list-reader/read-query.js';
import type { RequestContext } from '../../engine/request-context.js';

type Query = Record<string, unknown>;

/**
 * The users the engine's `page` answers (the schema's filters; `deptId` through the side
 * tree: users of that department or of any below it), without the view names, for exports.
 */
export class UserQueries {
  readonly model: EntityModel;

  constructor(private readonly services: AppServices) {
    this.model = services.model('system/user');
  }

  /** The page endpoint without the module's view names (exports name rows themselves). */
  private get plainPage(): EndpointModel {
    return { ...this.model.endpoints.page, viewHooks: false };
  }

  rawPage(ctx: RequestContext, query: Query): Promise<Page<EntityRecord>> {
    return this.services.resources.page({ model: this.model, endpoint: this.plainPage, ctx, query });
  }

  /** The `page` endpoint, narrowed to the users of `deptId`'s subtree when one is given. */
  async endpoint(ctx: RequestContext, deptId: unknown): Promise<EndpointModel> {
    const base = this.plainPage;
    const where = await this.services.resources.treeFilterWhere({ model: this.model, endpoint: base, ctx, query: { deptId } });
    return { ...base, treeFilter: undefined, where: [...base.where, ...where] };
  }
}
