import { fieldOf, type EntityModel, type FieldModel } from '../../../shared/schema/entity-model.js';
import { isEmpty } from '../../../shared/is-empty.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';

/** An options field and the entity its options come from: the value is one of its `valueField`, shown as its `labelField`. */
interface OptionSource {
  field: FieldModel;
  model: EntityModel;
  valueField: string;
  labelField: string;
}

const CHUNK = 500;

/** The entity whose API serves the field's options (`x-options.url` under its path), with the fields the options name. */
function sourceOf(services: AppServices, field: FieldModel): OptionSource | undefined {
  const options = field.options;
  if (!options) return undefined;
  const url = options.url.split('?')[0];
  const model = services.models
    .filter((m) => url.startsWith(`${m.apiPath}/`))
    .sort((a, b) => b.apiPath.length - a.apiPath.length)[0];
  if (!model) return undefined;
  const valueField = fieldOf(model, options.valueKey) ? options.valueKey : model.primaryKey;
  const labelField = fieldOf(model, options.labelKey) ? options.labelKey : model.tree?.labelField;
  return labelField ? { field, model, valueField, labelField } : undefined;
}

/**
 * Labels of the options fields an export writes (a wage row's 项目 and 工人: ids of items
 * and workers), as the screen shows them: read from the entity serving the options, for
 * the keys of each batch, within the caller's tenant and data scope. A key without a row
 * the caller sees stays the key.
 */
export class OptionLabels {
  private readonly labels = new Map<string, Map<string, string>>();

  private constructor(private readonly services: AppServices, private readonly sources: OptionSource[]) {}

  static of(services: AppServices, fields: FieldModel[]): OptionLabels {
    return new OptionLabels(services, fields.map((f) => sourceOf(services, f)).filter((s): s is OptionSource => s !== undefined));
  }

  has(field: FieldModel): boolean {
    return this.sources.some((s) => s.field.name === field.name);
  }

  /** Reads the labels of the keys in `records` not read yet. */
  async load(ctx: RequestContext, records: EntityRecord[]): Promise<void> {
    for (const source of this.sources) {
      const known = this.known(source.field);
      const missing = [...new Set(records.flatMap((r) => this.keysOf(source.field, r[source.field.name])))].filter((k) => !known.has(k));
      for (let i = 0; i < missing.length; i += CHUNK) {
        const keys = missing.slice(i, i + CHUNK);
        for (const key of keys) known.set(key, key);
        const rows = await this.services.resources.rowsOf(ctx).whereIn(source.model, keys, source.valueField);
        for (const row of rows) known.set(String(row[source.valueField]), String(row[source.labelField] ?? ''));
      }
    }
  }

  /** The value's label (several keys: their labels, joined as stored). */
  label(field: FieldModel, value: unknown): string | null {
    const keys = this.keysOf(field, value);
    if (keys.length === 0) return null;
    const known = this.known(field);
    return keys.map((k) => known.get(k) || k).join(field.options?.join ?? ',');
  }

  private known(field: FieldModel): Map<string, string> {
    let known = this.labels.get(field.name);
    if (!known) this.labels.set(field.name, (known = new Map()));
    return known;
  }

  private keysOf(field: FieldModel, value: unknown): string[] {
    if (isEmpty(value)) return [];
    if (Array.isArray(value)) return value.map(String);
    return field.options?.multiple ? String(value).split(field.options.join ?? ',').map((k) => k.trim()).filter(Boolean) : [String(value)];
  }
}
