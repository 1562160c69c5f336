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

/* A type alias, not an interface, so it fits EntityRecord's index signature. */
export type BareNode = { id: string; parentId: string; title: string };

/** A row as a bare node of its tree. */
export function bareNode(model: EntityModel, record: EntityRecord): BareNode {
  const tree = model.tree!;
  return { id: String(record[model.primaryKey] ?? ''), parentId: String(record[tree.parentField] ?? tree.root), title: String(record[tree.labelField] ?? '') };
}

/** The forest of bare nodes of `model`'s tree (its root value): TreeNodes with no other field. */
export function forestOfNodes(model: EntityModel, nodes: BareNode[]): TreeNode[] {
  return buildForest({ ...model, primaryKey: 'id', tree: { ...model.tree!, parentField: 'parentId', labelField: 'title' } }, nodes);
}

/** The forest of bare TreeNodes (id, parentId, title, key, value, children, hasChildren): no other field of the rows. */
export function bareForest(model: EntityModel, records: EntityRecord[]): TreeNode[] {
  return forestOfNodes(model, records.map((r) => bareNode(model, r)));
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
