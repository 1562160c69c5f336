/**
 * Pure state of a checkbox tree (Element UI's el-tree with `show-checkbox`). The state is
 * the list of checked values; "half-checked" (indeterminate) parents are derived from it.
 * Cascading trees check a node's subtree with it and check a parent exactly when all its
 * children are; strict trees (`check-strictly`) treat every box alone.
 */

/** A node as tree endpoints answer it (BladeX TreeNode: title, value/key/id, children). */
export interface CheckNode {
  children?: CheckNode[];
  [field: string]: unknown;
}

/** Which properties hold a node's label and value. */
export interface CheckKeys {
  labelKey: string;
  valueKey: string;
}

export const DEFAULT_CHECK_KEYS: CheckKeys = { labelKey: 'title', valueKey: 'value' };

/** A node's value as a string: `valueKey`, else value, id, key. */
export function nodeValue(node: CheckNode, keys: CheckKeys): string {
  return String(node[keys.valueKey] ?? node.value ?? node.id ?? node.key ?? '');
}

/** A node's label: `labelKey`, else title, name, its value. */
export function nodeLabel(node: CheckNode, keys: CheckKeys): string {
  return String(node[keys.labelKey] ?? node.title ?? node.name ?? nodeValue(node, keys));
}

function hasChildren(node: CheckNode): boolean {
  return (node.children?.length ?? 0) > 0;
}

/** Every value of a forest, depth first. */
export function allValues(nodes: CheckNode[] | undefined, keys: CheckKeys): string[] {
  return (nodes ?? []).flatMap((n) => [nodeValue(n, keys), ...allValues(n.children, keys)]);
}

/** Values of the nodes without children. */
export function leafValues(nodes: CheckNode[] | undefined, keys: CheckKeys): string[] {
  return (nodes ?? []).flatMap((n) => (hasChildren(n) ? leafValues(n.children, keys) : [nodeValue(n, keys)]));
}

function findNode(nodes: CheckNode[] | undefined, keys: CheckKeys, value: string): CheckNode | undefined {
  for (const node of nodes ?? []) {
    if (nodeValue(node, keys) === value) return node;
    const below = findNode(node.children, keys, value);
    if (below) return below;
  }
  return undefined;
}

/** Post-order: a parent is checked iff all its children are. Answers whether all `nodes` are checked. */
function settleParents(nodes: CheckNode[], keys: CheckKeys, checked: Set<string>): boolean {
  let all = true;
  for (const node of nodes) {
    const value = nodeValue(node, keys);
    if (hasChildren(node)) {
      if (settleParents(node.children!, keys, checked)) checked.add(value);
      else checked.delete(value);
    }
    all = all && checked.has(value);
  }
  return all;
}

/** The values of `set` in tree order (values not in the tree are dropped). */
function inTreeOrder(nodes: CheckNode[], keys: CheckKeys, set: Set<string>): string[] {
  return allValues(nodes, keys).filter((v) => set.has(v));
}

/** The checked values after a click on `value`. */
export function toggleChecked(input: { nodes: CheckNode[]; keys: CheckKeys; checked: string[]; value: string; strict?: boolean }): string[] {
  const { nodes, keys, value } = input;
  const node = findNode(nodes, keys, value);
  if (!node) return input.checked;
  const next = new Set(input.checked);
  const check = !next.has(value);
  const affected = input.strict ? [value] : [value, ...allValues(node.children, keys)];
  for (const v of affected) {
    if (check) next.add(v);
    else next.delete(v);
  }
  if (!input.strict) settleParents(nodes, keys, next);
  return inTreeOrder(nodes, keys, next);
}

/** Unchecked nodes with a checked node below them (shown indeterminate). */
export function halfCheckedValues(nodes: CheckNode[], keys: CheckKeys, checked: string[]): string[] {
  const set = new Set(checked);
  const out: string[] = [];
  const visit = (list: CheckNode[] | undefined): boolean => {
    let any = false;
    for (const node of list ?? []) {
      const value = nodeValue(node, keys);
      const below = visit(node.children);
      if (below && !set.has(value)) out.push(value);
      any = any || below || set.has(value);
    }
    return any;
  };
  visit(nodes);
  return out;
}

/**
 * The checked state of saved keys in a cascading tree, driven by the leaves: a saved
 * leaf is checked, and a parent is checked when all its children are. A saved parent
 * whose children are not saved (half-checked when it was saved, or given a new child
 * since) is therefore not checked, so saving again never grants more than was chosen.
 */
export function checkedFromSaved(nodes: CheckNode[], keys: CheckKeys, saved: string[]): string[] {
  const leaves = new Set(leafValues(nodes, keys));
  const next = new Set(saved.map(String).filter((v) => leaves.has(v)));
  settleParents(nodes, keys, next);
  return inTreeOrder(nodes, keys, next);
}

/** What a cascading grant saves: the checked nodes and their half-checked ancestors. */
export function withHalfChecked(nodes: CheckNode[], keys: CheckKeys, checked: string[]): string[] {
  const set = new Set([...checked, ...halfCheckedValues(nodes, keys, checked)]);
  return inTreeOrder(nodes, keys, set);
}

/** The checked leaves only (scope rows hang as leaves under their menus). */
export function checkedLeaves(nodes: CheckNode[], keys: CheckKeys, checked: string[]): string[] {
  const set = new Set(checked);
  return leafValues(nodes, keys).filter((v) => set.has(v));
}
