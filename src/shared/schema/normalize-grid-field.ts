import type { FieldModel } from './entity-model.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Widgets a grid cell may have: a line of text, a 0/1 checkbox, a choice among `enum`; `readOnly` shows the value as text. */
const CELL_WIDGETS = new Set(['text', 'switch', 'select']);

/**
 * An action form field with `x-widget: "grid"` → the field with its `cells` (each
 * `items.properties` entry normalized as a property: label, widget, enum) and `rowKey`
 * (`x-row-key`, an item property). The validation schema is a bare list: the rows are the
 * answer of `initial.url` as they came, and the module's route checks them.
 */
export function normalizeGridField(field: FieldModel, opts: { prop: Json; at: string; toField: (name: string, prop: Json) => FieldModel; fail: (pointer: string, detail: string) => never }): FieldModel {
  const { prop, at, toField, fail } = opts;
  if (prop.type !== 'array') fail(at, 'x-widget "grid" needs type "array"');
  const items: Json = prop.items ?? {};
  if (items.type !== 'object' || typeof items.properties !== 'object' || Object.keys(items.properties).length === 0) fail(`${at}/items`, 'x-widget "grid" needs items of type "object" with properties (the cells)');
  const cells = Object.entries(items.properties as Json).map(([name, cellProp]) => {
    const cell = toField(name, cellProp as Json);
    if (!CELL_WIDGETS.has(cell.widget)) fail(`${at}/items/properties/${name}`, `a grid cell's x-widget is text, switch or select, not "${cell.widget}"`);
    if (cell.widget === 'select' && !Array.isArray((cellProp as Json).enum)) fail(`${at}/items/properties/${name}`, 'a grid cell of x-widget "select" needs enum (its choices)');
    return cell;
  });
  const rowKey: unknown = prop['x-row-key'];
  if (typeof rowKey !== 'string' || !cells.some((c) => c.name === rowKey)) return fail(`${at}/x-row-key`, `x-widget "grid" needs x-row-key naming one of its items' properties (got ${JSON.stringify(rowKey)})`);
  return { ...field, cells, rowKey, schema: { type: 'array', items: { type: 'object' } } };
}
