import type { FieldFill, FieldModel, ListView, OpenListRun } from './entity-model.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Checker {
  field(name: string, pointer: string): FieldModel;
  fail(pointer: string, detail: string): never;
}

/** What a `{…}` of an `x-fill` text may name: the picked value, its label, a field of the row the list was opened from. */
const FILL_PLACEHOLDER = /\{([^{}]*)\}/g;
const FILL_NAMES = /^(value|label|opener\.[a-z][a-zA-Z0-9]*)$/;

/**
 * `run: {kind: "open"}` → OpenListRun, defaults filled and the row fields checked (the opened
 * entity and its fields are checked across models: check-open-lists.ts). The button only
 * opens a list: one row, no form, nothing asked.
 */
export function normalizeOpenRun(a: Json, opts: { at: string; check: Checker }): OpenListRun {
  const { at, check } = opts;
  const run: Json = a.run;
  if ((a.rows ?? 'one') !== 'one') check.fail(`${at}/rows`, 'an action opening a list acts on one row (rows one)');
  if ((a.show ?? 'row') !== 'row') check.fail(`${at}/show`, 'an action opening a list is a row button (show row)');
  for (const key of ['form', 'confirm', 'preview', 'success'] as const) {
    if (a[key] !== undefined) check.fail(`${at}/${key}`, `an action opening a list calls nothing: ${key} has no use`);
  }
  for (const [target, from] of Object.entries(run.fixed as Record<string, string>)) check.field(from, `${at}/run/fixed/${target}`);
  return {
    kind: 'open',
    entity: run.entity,
    fixed: run.fixed,
    ...(run.title ? { title: run.title } : {}),
    as: run.as ?? 'drawer',
    width: run.width ?? 1000,
    prefix: run.prefix ?? String(a.key).replace(/-/g, '_'),
  };
}

/** `showWhen`: every field it names exists. */
export function normalizeShowWhen(raw: Json | undefined, opts: { at: string; check: Checker }): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  for (const name of Object.keys(raw)) opts.check.field(name, `${opts.at}/showWhen/${name}`);
  return raw;
}

/** The `opener.<field>` names of a fill's texts (the opening entity's fields, checked across models). */
export function fillOpenerFields(fill: Record<string, FieldFill>): string[] {
  const names: string[] = [];
  for (const target of Object.values(fill)) {
    if (typeof target !== 'string') continue;
    for (const [, name] of target.matchAll(FILL_PLACEHOLDER)) if (name!.startsWith('opener.')) names.push(name!.slice('opener.'.length));
  }
  return names;
}

/** The `x-fill` of each field: its targets are other fields of the entity, its texts name only {value}, {label}, {opener.<field>}. */
export function checkFieldFills(declared: FieldModel[], check: Checker): void {
  for (const f of declared) {
    for (const [target, value] of Object.entries(f.fill ?? {})) {
      const at = `/properties/${f.name}/x-fill/${target}`;
      if (target === f.name) check.fail(at, 'a field does not fill itself');
      check.field(target, at);
      if (typeof value !== 'string') continue;
      for (const [, name] of value.matchAll(FILL_PLACEHOLDER)) {
        if (!FILL_NAMES.test(name!)) check.fail(at, `"{${name}}" is none of {value}, {label}, {opener.<field>}`);
      }
    }
  }
}

/** `x-views`: each a list view of the entity (its fields and endpoint checked like `x-list`). */
export function normalizeViews(raw: Json | undefined, opts: { check: Checker; hasEndpoint: (name: string) => boolean; toView: (raw: Json, at: string) => ListView }): Record<string, ListView> | undefined {
  if (!raw) return undefined;
  const views: Record<string, ListView> = {};
  for (const [name, view] of Object.entries(raw as Record<string, Json>)) {
    const at = `/x-views/${name}`;
    views[name] = opts.toView(view, at);
    if (!opts.hasEndpoint(views[name].endpoint)) opts.check.fail(`${at}/endpoint`, `no endpoint "${views[name].endpoint}" in x-api`);
  }
  return views;
}
