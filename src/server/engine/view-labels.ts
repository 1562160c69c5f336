import type { EntityModel } from '../../shared/schema/entity-model.js';
import { formatMessage } from '../../shared/i18n/messages.js';
import { isEmpty } from '../../shared/is-empty.js';
import type { RowScope } from './access-policy.js';
import type { GenerationCache } from './generation-cache.js';
import type { EntityRecord } from './record-codec.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';

/** Where dictionary labels come from: entries (not headers) of the dictionary model, by code. */
export interface DictionaryModel {
  model: EntityModel;
  /** Field names in it: the dictionary code, the stored key and its label. */
  codeField: string;
  keyField: string;
  labelField: string;
}

/**
 * BladeX's view-object labels on records the engine answers: `<field>Name` for every
 * dictionary field (menu `categoryName`, post `categoryName`, scope `scopeTypeName`) and
 * `parentName` on tree entities (`顶级` at the root). A label a module already set is kept.
 * Parents outside the answer are read under the caller's tenant and data scope, so a
 * label never names a row the caller could not read.
 */
export class ViewLabels {
  constructor(private readonly deps: { repo: Repository; derived: GenerationCache; dictionary?: DictionaryModel }) {}

  async apply(model: EntityModel, ctx: RequestContext, records: EntityRecord[], scope?: RowScope): Promise<EntityRecord[]> {
    const dictFields = model.fields.filter((f) => f.dict && !f.secret);
    if (records.length === 0 || (dictFields.length === 0 && !model.tree)) return records;
    const dictLabels = await Promise.all(dictFields.map((f) => this.dictLabels(ctx, f.dict!)));
    const parentNames = model.tree ? await this.parentNames(model, ctx, records, scope) : undefined;
    return records.map((record) => {
      const out: EntityRecord = { ...record };
      dictFields.forEach((field, i) => {
        const name = `${field.name}Name`;
        if (out[name] === undefined) out[name] = labelOf(dictLabels[i], record[field.name]);
      });
      if (parentNames && out.parentName === undefined) out.parentName = parentNames.get(String(record[model.tree!.parentField] ?? model.tree!.root)) ?? '';
      return out;
    });
  }

  private dictLabels(ctx: RequestContext, code: string): Promise<ReadonlyMap<string, string>> {
    const dictionary = this.deps.dictionary;
    if (!dictionary) return Promise.resolve(new Map());
    const { model } = dictionary;
    const tenant = model.tenancy === 'tenant' ? ctx.tenantId : '';
    return this.deps.derived.get(`view-labels:dict:${tenant}:${code}`, [model.table], async () => {
      const field = (name: string) => model.fields.find((f) => f.name === name)!;
      const rows = await this.deps.repo.list(model, ctx, {
        conditions: [
          { field: field(dictionary.codeField), op: 'equal', value: code },
          ...(model.tree ? [{ field: field(model.tree.parentField), op: 'notequal' as const, value: model.tree.root }] : []),
        ],
        order: [],
      });
      return new Map(rows.map((r) => [String(r[dictionary.keyField]), String(r[dictionary.labelField] ?? '')]));
    });
  }

  /** Label of each parent key the records name: from the records themselves, else one read. */
  private async parentNames(model: EntityModel, ctx: RequestContext, records: EntityRecord[], scope?: RowScope): Promise<Map<string, string>> {
    const tree = model.tree!;
    const names = new Map<string, string>([[tree.root, formatMessage(ctx.lang, 'tree.root.name')]]);
    const keyField = model.fields.find((f) => f.name === model.primaryKey)!;
    const remember = (rows: EntityRecord[]) => rows.forEach((r) => names.set(String(r[model.primaryKey]), String(r[tree.labelField] ?? '')));
    remember(records);
    const missing = [...new Set(records.map((r) => String(r[tree.parentField] ?? tree.root)))].filter((key) => !names.has(key));
    if (missing.length > 0) remember(await this.deps.repo.list(model, ctx, { conditions: [{ field: keyField, op: 'in', value: missing }], order: [], scope }));
    return names;
  }
}

function labelOf(labels: ReadonlyMap<string, string>, value: unknown): string {
  if (isEmpty(value)) return '';
  return String(value).split(',').map((key) => labels.get(key.trim()) ?? '').filter(Boolean).join(',');
}
