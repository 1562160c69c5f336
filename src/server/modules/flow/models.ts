import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../db/ids.js';
import type { RequestContext } from '../../engine/request-context.js';
import { checkedBpmn } from './definitions.js';
import { flowError } from './flow-messages.js';

export interface ModelInput { id?: string; name: string; modelKey: string; description: string; modelEditorXml: string }

function view(r: Record<string, any>, withXml: boolean) {
  return {
    id: String(r.id), name: r.name, modelKey: r.model_key, description: r.description, version: Number(r.version),
    created: r.created, lastUpdated: r.last_updated, createdBy: r.created_by, lastUpdatedBy: r.last_updated_by,
    modelType: Number(r.model_type), tenantId: r.tenant_id, ...(withXml ? { modelEditorXml: r.model_editor_xml } : {}),
  };
}

/**
 * Models (ACT_DE_MODEL): BPMN drafts of the caller's tenant, saved from the modeler. Their
 * list is the engine's (flow/model.json), so every write here tells it the table changed
 * (`written`): else its list caches would keep answering the rows before the write.
 */
export class Models {
  private readonly db: Db;
  private readonly ids: IdGenerator;
  private readonly written: () => Promise<void>;

  constructor(deps: { db: Db; ids: IdGenerator; written: () => Promise<void> }) {
    ({ db: this.db, ids: this.ids, written: this.written } = deps);
  }

  private live(ctx: RequestContext) {
    return this.db.selectFrom('blade_flow_model').where('tenant_id', '=', ctx.tenantId).where('is_deleted', '=', 0);
  }

  async detail(ctx: RequestContext, id: string) {
    const row = await this.live(ctx).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw flowError('modelMissing');
    return view(row, true);
  }

  /** Saves a model; its XML must pass the deploy check, so the modeler shows what is wrong at once. */
  async submit(ctx: RequestContext, input: ModelInput) {
    if (input.modelEditorXml) await checkedBpmn(input.modelEditorXml);
    const by = ctx.account ?? ctx.userId;
    if (input.id) {
      const result = await this.db.updateTable('blade_flow_model').set({
        name: input.name, model_key: input.modelKey, description: input.description, model_editor_xml: input.modelEditorXml,
        version: sql`version + 1`, last_updated: sql`localtimestamp(0)`, last_updated_by: by,
      }).where('id', '=', input.id).where('tenant_id', '=', ctx.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw flowError('modelMissing');
      await this.written();
      return this.detail(ctx, input.id);
    }
    const id = this.ids.next();
    await this.db.insertInto('blade_flow_model').values({
      id, tenant_id: ctx.tenantId, name: input.name, model_key: input.modelKey, description: input.description,
      model_editor_xml: input.modelEditorXml, created_by: by, last_updated_by: by,
    }).execute();
    await this.written();
    return this.detail(ctx, id);
  }

  async remove(ctx: RequestContext, ids: string[]): Promise<void> {
    await this.db.updateTable('blade_flow_model').set({ is_deleted: 1 }).where('id', 'in', ids).where('tenant_id', '=', ctx.tenantId).execute();
    await this.written();
  }

  async xmlOf(ctx: RequestContext, id: string): Promise<{ xml: string; modelKey: string }> {
    const row = await this.live(ctx).select(['model_editor_xml', 'model_key']).where('id', '=', id).executeTakeFirst();
    if (!row) throw flowError('modelMissing');
    if (!row.model_editor_xml) throw flowError('modelXmlEmpty');
    return { xml: row.model_editor_xml, modelKey: row.model_key };
  }
}
