import { fieldOf, type EntityModel, type FieldModel, type LocalText, type SideTree } from './entity-model.js';
import { SchemaError } from './schema-error.js';
import { entityServing } from './entity-serving.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Checker {
  field(name: string, pointer: string): FieldModel;
  fail(pointer: string, detail: string): never;
}

/** `x-list.sideTree` → SideTree: defaults filled, the field checked (the tree's and the link's entities are checked across models). */
export function normalizeSideTree(raw: Json | undefined, check: Checker, at: string): SideTree | undefined {
  if (!raw) return undefined;
  check.field(raw.field, `${at}/field`);
  return {
    url: raw.url,
    param: raw.param ?? raw.field,
    field: raw.field,
    subtree: raw.subtree !== false,
    label: raw.label as LocalText | undefined,
    link: raw.link ? { entity: raw.link.entity, key: raw.link.key, node: raw.link.node } : undefined,
  };
}

/** The entity serving the side tree's URL (the rule `x-options` uses: entity-serving.ts). */
export function sideTreeEntity<M extends { apiPath: string }>(models: Iterable<M>, tree: SideTree): M | undefined {
  return entityServing(models, tree.url);
}

/** Every side tree names a tree entity, and its link an entity with both fields (checked once all models are built). */
export function checkSideTrees(models: EntityModel[]): void {
  const byKey = new Map(models.map((m) => [m.key, m]));
  for (const model of models) {
    const tree = model.list.sideTree;
    if (!tree) continue;
    const at = '/x-list/sideTree';
    const target = sideTreeEntity(models, tree);
    if (!target?.tree) throw new SchemaError(model.source, `${at}/url`, `"${tree.url}" is served by no tree entity`);
    if (!tree.link) continue;
    const link = byKey.get(tree.link.entity);
    if (!link) throw new SchemaError(model.source, `${at}/link/entity`, `unknown entity "${tree.link.entity}"`);
    for (const name of [tree.link.key, tree.link.node]) {
      if (!fieldOf(link, name)) throw new SchemaError(model.source, `${at}/link`, `unknown field "${name}" of ${link.key}`);
    }
  }
}
