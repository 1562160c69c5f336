import type { CallerKey, EndpointKind, EndpointModel, FixedCondition, LinkedKeys } from './entity-model.js';
import { isCallerValue } from './entity-model.js';

/* Checked against entity.meta.json before this runs. */
type Json = Record<string, any>;

interface Checker {
  field(name: string, pointer: string): unknown;
  fail(pointer: string, detail: string): never;
}

const CALLER_KEYS: readonly CallerKey[] = ['userId'];
const CALLER_VALUES: readonly CallerKey[] = ['userId', 'tenantId', 'deptId'];

/**
 * The endpoint options that say who may call it and which row it reads (`path`, `roles`,
 * `keyFrom`, `fields`, `via`) and the `linked-keys` kind's links. Fields of other entities (the
 * links') are the registry's to resolve; this entity's are checked here.
 */
export function endpointOptions(ep: Json, kind: EndpointKind, check: Checker, at: string): Partial<EndpointModel> {
  const out: Partial<EndpointModel> = {};
  if (ep.path !== undefined) out.path = ep.path;
  if (ep.roles !== undefined) out.roles = [...ep.roles];
  if (ep.keyFrom !== undefined) {
    if (kind !== 'detail' && kind !== 'submit') check.fail(`${at}/keyFrom`, 'keyFrom is for detail and submit endpoints');
    if (!CALLER_KEYS.includes(ep.keyFrom)) check.fail(`${at}/keyFrom`, `keyFrom is one of ${CALLER_KEYS.join(', ')}`);
    out.keyFrom = ep.keyFrom;
  }
  (ep.where ?? []).forEach((w: Json, i: number) => {
    if (isCallerValue(w.value) && !CALLER_VALUES.includes(w.value.caller)) check.fail(`${at}/where/${i}/value`, `caller is one of ${CALLER_VALUES.join(', ')}`);
  });
  if (ep.fields !== undefined) {
    const reads = kind === 'page' || kind === 'list';
    if (!reads && (kind !== 'submit' || !out.keyFrom)) check.fail(`${at}/fields`, 'fields is for page and list endpoints, and submit endpoints with keyFrom');
    (ep.fields as string[]).forEach((name, i) => check.field(name, `${at}/fields/${i}`));
    out.fields = [...ep.fields];
  }
  if (ep.sort !== undefined) {
    if (kind !== 'list' && kind !== 'page') check.fail(`${at}/sort`, 'sort is for page and list endpoints');
    (ep.sort as Json[]).forEach((o, i) => check.field(o.field, `${at}/sort/${i}/field`));
    out.sort = (ep.sort as Json[]).map((o) => ({ field: o.field, dir: o.dir ?? 'asc' }));
  }
  if (ep.values !== undefined) {
    if (kind !== 'list') check.fail(`${at}/values`, 'values is for list endpoints');
    check.field(ep.values, `${at}/values`);
    out.values = ep.values;
  }
  if ((kind === 'lookup') !== (ep.answer !== undefined)) check.fail(`${at}/answer`, 'answer is required for, and only for, lookup endpoints');
  if (ep.answer) {
    for (const [name, field] of Object.entries(ep.answer as Record<string, string>)) check.field(field, `${at}/answer/${name}`);
    out.answer = { ...ep.answer };
  }
  if (ep.open === true) {
    if (kind !== 'lookup') check.fail(`${at}/open`, 'only lookup endpoints are open: they answer declared fields only');
    if (out.roles) check.fail(`${at}/roles`, 'an open endpoint has no caller to hold roles');
    out.open = true;
  }
  if ((kind === 'forests') !== (ep.forests !== undefined)) check.fail(`${at}/forests`, 'forests is required for, and only for, forests endpoints');
  if (ep.forests) {
    out.forests = Object.fromEntries(Object.entries(ep.forests as Record<string, Json>).map(([name, forest]) => [
      name, forest.leaves ? { leaves: { entity: forest.leaves.entity, parent: forest.leaves.parent, label: forest.leaves.label } } : {},
    ]));
  }
  if (ep.nodes === true) {
    if (kind !== 'tree') check.fail(`${at}/nodes`, 'nodes is for tree endpoints');
    out.nodes = true;
  }
  if (ep.via !== undefined) {
    if (kind !== 'detail' || out.keyFrom) check.fail(`${at}/via`, 'via is for detail endpoints without keyFrom');
    check.field(ep.via.field, `${at}/via/field`);
    check.field(ep.via.key, `${at}/via/key`);
    out.via = { param: ep.via.param, field: ep.via.field, key: ep.via.key, entity: ep.via.entity };
  }
  if ((kind === 'linked-keys') !== (ep.linkedKeys !== undefined)) check.fail(`${at}/linkedKeys`, 'linkedKeys is required for, and only for, linked-keys endpoints');
  if (ep.linkedKeys) out.linkedKeys = linkedKeys(ep.linkedKeys);
  return out;
}

function linkedKeys(raw: Json): LinkedKeys {
  const keys: LinkedKeys['keys'] = {};
  for (const [name, link] of Object.entries(raw.keys as Record<string, Json>)) {
    const where: FixedCondition[] = (link.where ?? []).map((w: Json) => ({ field: w.field, op: w.op, value: w.value }));
    keys[name] = { entity: link.entity, owner: link.owner, target: link.target, where };
  }
  return { param: raw.param, entity: raw.entity, keys };
}
