import type { EntityModel, FieldModel } from '../../shared/schema/entity-model.js';
import { fieldOf } from '../../shared/schema/entity-model.js';
import { keyFieldOf } from '../../shared/schema/entity-model.js';
import { translate } from '../../shared/i18n/translate.js';
import { isEmpty } from '../../shared/is-empty.js';
import type { RowScope } from './access-policy.js';
import type { GenerationCache } from './generation-cache.js';
import type { EntityRecord } from './record-codec.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';
import type { MaybePromise } from '../../shared/maybe-promise.js';

/** Where dictionary labels come from: entries (not headers) of the dictionary model, by code. */
export interface DictionaryModel {
  model: EntityModel;
  /** Field names in it: the dictionary code, the stored key and its label. */
  codeField: string;
  keyField: string;
  labelField: string;
}

/** Records of one read to label, as the caller reaches them. */
export interface LabelRead {
  model: EntityModel;
  ctx: RequestContext;
  records: EntityRecord[];
  scope?: RowScope;
}

/**
 * BladeX's view-object labels on records the engine answers: `<field>Name` for every
 * dictionary field (menu `categoryName`, post `categoryName`, scope `scopeTypeName`) and
 * `parentName` on tree entities (`顶级` at the root). A label a module already set is kept.
 * Parents outside the answer are read under the caller's tenant and data scope, so a
 * label never names a row the caller could not read.
 */
export class ViewLabels {
  constructor(private readonly deps: { repo: Repository; derived: GenerationCache; dictionary?: DictionaryModel }) {
    if (deps.dictionary) deps.derived.readAhead([deps.dictionary.model.table]);
  }

  /** The records labelled (at once when the model has nothing to label). */
  apply(read: LabelRead): MaybePromise<EntityRecord[]> {
    const dictFields = dictFieldsOf(read.model);
    if (read.records.length === 0 || (dictFields.length === 0 && !read.model.tree)) return read.records;
    return this.label(read, dictFields);
  }

  private async label(read: LabelRead, dictFields: FieldModel[]): Promise<EntityRecord[]> {
    const { model, ctx, records } = read;
    const byCode = await this.dictLabels(ctx, { model, codes: dictFields.map((f) => f.dict!) });
    const dictLabels = dictFields.map((f) => byCode.get(f.dict!) ?? new Map<string, string>());
    const parentNames = model.tree ? await this.parentNames(read) : undefined;
    // The records are this request's own copies: labelled in place.
    for (const record of records) {
      dictFields.forEach((field, i) => {
        const name = `${field.name}Name`;
        if (record[name] === undefined) record[name] = labelOf(dictLabels[i], record[field.name]);
      });
      if (parentNames && record.parentName === undefined) record.parentName = parentNames.get(String(record[model.tree!.parentField] ?? model.tree!.root)) ?? '';
    }
    return records;
  }

  /** key → label of each dictionary field of the model (imports read labels back to keys). */
  async dictionaries(model: EntityModel, ctx: RequestContext): Promise<Map<string, ReadonlyMap<string, string>>> {
    const dictFields = model.fields.filter((f) => f.dict && !f.secret);
    const byCode = await this.dictLabels(ctx, { model, codes: dictFields.map((f) => f.dict!) });
    return new Map(dictFields.map((f) => [f.name, byCode.get(f.dict!) ?? new Map<string, string>()]));
  }

  /** Entry labels of each dictionary code the model uses, read in one query and cached per model. */
  private dictLabels(ctx: RequestContext, { model, codes }: { model: EntityModel; codes: string[] }): MaybePromise<ReadonlyMap<string, ReadonlyMap<string, string>>> {
    const dictionary = this.deps.dictionary;
    if (!dictionary || codes.length === 0) return Promise.resolve(new Map());
    const dict = dictionary.model;
    const tenant = dict.tenancy === 'tenant' ? ctx.tenantId : '';
    return this.deps.derived.get(`view-labels:dict:${tenant}:${model.key}`, [dict.table], async () => {
      const field = (name: string) => fieldOf(dict, name)!;
      const rows = await this.deps.repo.list(dict, ctx, {
        conditions: [
          { field: field(dictionary.codeField), op: 'in', value: [...new Set(codes)] },
          ...(dict.tree ? [{ field: field(dict.tree.parentField), op: 'notequal' as const, value: dict.tree.root }] : []),
        ],
        order: [],
      });
      const byCode = new Map<string, Map<string, string>>();
      for (const r of rows) {
        const code = String(r[dictionary.codeField]);
        if (!byCode.has(code)) byCode.set(code, new Map());
        byCode.get(code)!.set(String(r[dictionary.keyField]), String(r[dictionary.labelField] ?? ''));
      }
      return byCode;
    }, ctx.readAhead);
  }

  /** Label of each parent key the records name: from the records themselves, else one read. */
  private async parentNames({ model, ctx, records, scope }: LabelRead): Promise<Map<string, string>> {
    const tree = model.tree!;
    const names = new Map<string, string>([[tree.root, translate(ctx.lang, 'tree.rootName')]]);
    const keyField = keyFieldOf(model);
    const remember = (rows: EntityRecord[]) => rows.forEach((r) => names.set(String(r[model.primaryKey]), String(r[tree.labelField] ?? '')));
    remember(records);
    const missing = [...new Set(records.map((r) => String(r[tree.parentField] ?? tree.root)))].filter((key) => !names.has(key));
    if (missing.length > 0) remember(await this.deps.repo.list(model, ctx, { conditions: [{ field: keyField, op: 'in', value: missing }], order: [], scope }));
    return names;
  }
}

const dictFieldsByModel = new WeakMap<EntityModel, FieldModel[]>();

/** The model's labelled dictionary fields, found once per model (most reads label none). */
function dictFieldsOf(model: EntityModel): FieldModel[] {
  let fields = dictFieldsByModel.get(model);
  if (!fields) dictFieldsByModel.set(model, (fields = model.fields.filter((f) => f.dict && !f.secret)));
  return fields;
}

function labelOf(labels: ReadonlyMap<string, string>, value: unknown): string {
  if (isEmpty(value)) return '';
  return String(value).split(',').map((key) => labels.get(key.trim()) ?? '').filter(Boolean).join(',');
}
