import { requiredField } from '../../engine/rows.js';
import { checkPrototype, CodegenError, type FieldPrototype } from '../../../../codegen/index.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';
import type { RequestContext } from '../../engine/request-context.js';

export const PROTOTYPE_MODEL = 'develop/model-prototype';

const FLAGS = ['isPk', 'isNullable', 'isAuto', 'isList', 'isForm', 'isRow', 'isRequired', 'isQuery'] as const;

/** A stored row or a request's row as a prototype (flags 0/1, texts trimmed); checked field by field. */
export function prototypeOf(row: EntityRecord): FieldPrototype {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
  const p: FieldPrototype = {
    jdbcName: text(row.jdbcName),
    jdbcType: text(row.jdbcType),
    jdbcLength: row.jdbcLength === null || row.jdbcLength === undefined || row.jdbcLength === '' ? undefined : Number(row.jdbcLength),
    propertyName: text(row.propertyName),
    propertyType: text(row.propertyType) as FieldPrototype['propertyType'],
    comment: text(row.comment),
    labelEn: text(row.labelEn) || undefined,
    ...Object.fromEntries(FLAGS.map((f) => [f, Number(row[f]) === 1 || row[f] === true ? 1 : 0])) as Record<(typeof FLAGS)[number], number>,
    queryType: text(row.queryType) as FieldPrototype['queryType'],
    componentType: (text(row.componentType) || 'text') as FieldPrototype['componentType'],
    dictCode: text(row.dictCode),
    sort: Number(row.sort) || 0,
  };
  checkPrototype(p);
  if ((p.componentType === 'dict-select' || p.componentType === 'dict-radio') && !p.dictCode) {
    throw new CodegenError('prototypeField', { field: p.propertyName, key: 'dictCode', value: '' });
  }
  return p;
}

export async function storedPrototypes(services: AppServices, repo: Repository, ctx: RequestContext, modelId: string): Promise<FieldPrototype[]> {
  const model = services.model(PROTOTYPE_MODEL);
  const field = requiredField(model, 'modelId');
  const sort = requiredField(model, 'sort');
  const rows = await repo.list(model, ctx, { conditions: [{ field, op: 'equal', value: modelId }], order: [{ column: sort.column, dir: 'asc' }] });
  return rows.map(prototypeOf);
}

/** Replaces the model's prototypes with these (submit-list). */
export async function replacePrototypes(services: AppServices, repo: Repository, ctx: RequestContext, modelId: string, prototypes: FieldPrototype[]): Promise<void> {
  const model = services.model(PROTOTYPE_MODEL);
  const field = requiredField(model, 'modelId');
  const existing = await repo.list(model, ctx, { conditions: [{ field, op: 'equal', value: modelId }], order: [] });
  if (existing.length) await repo.remove(model, ctx, existing.map((r) => String(r.id)));
  for (const [i, p] of prototypes.entries()) await repo.insert(model, ctx, { ...p, jdbcLength: p.jdbcLength ?? null, labelEn: p.labelEn ?? '', modelId, sort: p.sort || i + 1 });
}
