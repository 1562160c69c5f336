import type { EntityModel, FieldModel, Lang } from '../../../shared/schema/entity-model.js';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { Condition } from '../../engine/conditions.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';
import type { RowLookup } from './reference-check.js';
import { referencesOf } from './user-references.js';
import { splitKeys } from '../../engine/ids.js';
import { translate } from '../../../shared/i18n/translate.js';

/** Values of one field and their labels, both ways. */
class Options {
  readonly labelByKey = new Map<string, string>();
  readonly keysByLabel = new Map<string, string[]>();

  add(key: string, label: string): void {
    this.labelByKey.set(key, label);
    this.keysByLabel.set(label, [...(this.keysByLabel.get(label) ?? []), key]);
  }
}

export type Resolved = { value: string } | { error: string };

const nameKey = (field: FieldModel) => `${field.name.replace(/Id$/, '')}Name`;

/**
 * Labels of the caller's tenant for the user's reference and dictionary fields: role,
 * department and post names, dictionary texts, the tenant's name. Loaded once per
 * request and used to show names (page, info, export) and to read them back (import).
 */
export class UserCatalog {
  private constructor(
    private readonly refs: Map<string, { options: Options; model: EntityModel; rows: EntityRecord[] }>,
    private readonly dicts: Map<string, Options>,
    private readonly tenantName: string,
  ) {}

  static async load(services: AppServices, model: EntityModel, ctx: RequestContext): Promise<UserCatalog> {
    const refs = new Map<string, { options: Options; model: EntityModel; rows: EntityRecord[] }>();
    for (const ref of referencesOf(services, model)) {
      const rows = await services.system.repo.list(ref.model, ctx, { conditions: [], order: [] });
      const options = new Options();
      for (const row of rows) options.add(String(row[ref.model.primaryKey]), String(row[ref.labelField] ?? ''));
      refs.set(ref.field.name, { options, model: ref.model, rows });
    }
    return new UserCatalog(refs, await loadDicts(services, model, ctx), await loadTenantName(services, ctx));
  }

  /** Comma-joined ids → comma-joined names; a name shared by several rows is written as the id, so it reads back. */
  labels(field: FieldModel, value: unknown): string {
    const options = this.refs.get(field.name)?.options;
    if (!options) return String(value ?? '');
    return splitKeys(value).map((id) => {
      const label = options.labelByKey.get(id);
      return label && options.keysByLabel.get(label)!.length === 1 ? label : id;
    }).join(',');
  }

  dictLabel(field: FieldModel, value: unknown): string {
    const key = String(value ?? '');
    return this.dicts.get(field.name)?.labelByKey.get(key) ?? key;
  }

  isReference(field: FieldModel): boolean {
    return this.refs.has(field.name);
  }

  isDict(field: FieldModel): boolean {
    return this.dicts.has(field.name);
  }

  /** Names or ids (comma-separated) → ids of the caller's tenant. */
  resolveReference(field: FieldModel, text: string, lang: Lang): Resolved {
    const options = this.refs.get(field.name)!.options;
    const ids: string[] = [];
    for (const token of text.split(/[,，]/).map((s) => s.trim()).filter(Boolean)) {
      const matches = options.labelByKey.has(token) ? [token] : options.keysByLabel.get(token) ?? [];
      const label = field.label[lang];
      if (matches.length === 0) return { error: translate(lang, 'user.referenceMissing', { label, values: token }) };
      if (matches.length > 1) return { error: translate(lang, 'user.referenceAmbiguous', { label, value: token }) };
      ids.push(matches[0]);
    }
    return { value: [...new Set(ids)].join(',') };
  }

  /** A dictionary text or key → the key. */
  resolveDict(field: FieldModel, text: string, lang: Lang): Resolved {
    const options = this.dicts.get(field.name)!;
    if (options.labelByKey.has(text)) return { value: text };
    const keys = options.keysByLabel.get(text);
    if (keys?.length === 1) return { value: keys[0] };
    return { error: translate(lang, 'user.optionUnknown', { label: field.label[lang], value: text }) };
  }

  /** Reference rows held in memory, for checks that would otherwise query per record. */
  readonly lookup: RowLookup = async (model, ids) => {
    const held = [...this.refs.values()].find((r) => r.model.key === model.key);
    const wanted = new Set(ids);
    return (held?.rows ?? []).filter((r) => wanted.has(String(r[model.primaryKey])));
  };

  /** BladeX's view fields: roleName, deptName, postName, userTypeName, sexName, tenantName. */
  withNames(model: EntityModel, record: EntityRecord): EntityRecord {
    const out: EntityRecord = { ...record, tenantName: this.tenantName };
    for (const field of model.fields) {
      if (this.refs.has(field.name)) out[nameKey(field)] = this.labelsForView(field, record[field.name]);
      else if (this.dicts.has(field.name)) out[`${field.name}Name`] = this.dictLabel(field, record[field.name]);
    }
    return out;
  }

  private labelsForView(field: FieldModel, value: unknown): string {
    const options = this.refs.get(field.name)!.options;
    return splitKeys(value).map((id) => options.labelByKey.get(id)).filter(Boolean).join(',');
  }
}

async function loadDicts(services: AppServices, model: EntityModel, ctx: RequestContext): Promise<Map<string, Options>> {
  const dictModel = services.model('system/dict');
  const field = (name: string) => fieldOf(dictModel, name)!;
  const dictFields = model.fields.filter((f) => f.dict);
  const out = new Map<string, Options>();
  if (dictFields.length === 0) return out;
  const conditions: Condition[] = [
    { field: field('code'), op: 'in', value: [...new Set(dictFields.map((f) => f.dict!))] },
    { field: field(dictModel.tree!.parentField), op: 'notequal', value: dictModel.tree!.root },
  ];
  const rows = await services.system.repo.list(dictModel, ctx, { conditions, order: [] });
  for (const f of dictFields) {
    const options = new Options();
    for (const row of rows.filter((r) => r.code === f.dict)) options.add(String(row.dictKey), String(row.dictValue));
    out.set(f.name, options);
  }
  return out;
}

async function loadTenantName(services: AppServices, ctx: RequestContext): Promise<string> {
  const tenant = services.model('system/tenant');
  const field = fieldOf(tenant, 'tenantId')!;
  const [row] = await services.system.repo.list(tenant, ctx, { conditions: [{ field, op: 'equal', value: ctx.tenantId }], order: [] });
  return String(row?.tenantName ?? '');
}
