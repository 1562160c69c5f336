import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { EntityRecord } from './record-codec.js';

export interface TreeNode extends EntityRecord {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children?: TreeNode[];
  hasChildren?: boolean;
}

/** A record with BladeX's TreeNode fields; region-like models key nodes by their code. */
export function toTreeNode(model: EntityModel, record: EntityRecord): TreeNode {
  const tree = model.tree!;
  const key = String(record[model.primaryKey] ?? '');
  return {
    ...record,
    id: key,
    parentId: String(record[tree.parentField] ?? tree.root),
    title: String(record[tree.labelField] ?? ''),
    key,
    value: key,
  };
}

/**
 * Nodes whose parent is the root value, or absent from the set, are roots; the rest
 * go into their parent's children (BladeX ForestNodeMerger).
 */
export function buildForest(model: EntityModel, records: EntityRecord[]): TreeNode[] {
  const nodes = records.map((r) => toTreeNode(model, r));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: TreeNode[] = [];
  for (const node of nodes) {
    const parent = node.parentId !== model.tree!.root ? byId.get(node.parentId) : undefined;
    if (parent && parent !== node) {
      (parent.children ??= []).push(node);
      parent.hasChildren = true;
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/** The forest of bare TreeNodes (id, parentId, title, key, value, children, hasChildren): no other field of the rows. */
export function bareForest(model: EntityModel, records: EntityRecord[]): TreeNode[] {
  const tree = model.tree!;
  const bare = records.map((r) => ({ id: String(r[model.primaryKey] ?? ''), parentId: String(r[tree.parentField] ?? tree.root), title: String(r[tree.labelField] ?? '') }));
  return buildForest({ ...model, primaryKey: 'id', tree: { ...tree, parentField: 'parentId', labelField: 'title' } }, bare);
}

/** Finds a node anywhere in a forest. */
export function findNode(forest: TreeNode[], id: string): TreeNode | undefined {
  for (const node of forest) {
    if (node.id === id) return node;
    const inner = node.children && findNode(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}
