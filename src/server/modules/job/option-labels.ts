import type { FieldModel } from '../../../shared/schema/entity-model.js';
import { optionSourceOf, type OptionSource } from '../../../shared/schema/entity-serving.js';
import { isEmpty } from '../../../shared/is-empty.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';

const CHUNK = 500;

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
    return new OptionLabels(services, fields.map((f) => optionSourceOf(services.models, f)).filter((s): s is OptionSource => s !== undefined));
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
