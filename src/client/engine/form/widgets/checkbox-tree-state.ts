import { flattenTree, type OptionKeys, type TreeRow } from '../../data/tree';

/**
 * The selection after clicking `value` in a checkbox tree, Element UI style: the node
 * and its subtree follow the click; then every parent is checked exactly when all of
 * its children are.
 */
export function toggleChecked(input: { nodes: TreeRow[]; keys: OptionKeys; selected: string[]; value: string }): string[] {
  const { nodes, keys, value } = input;
  const option = flattenTree(nodes, keys).find((o) => o.value === value);
  if (!option) return input.selected;
  const subtree = [value, ...option.descendants];
  const next = new Set(input.selected);
  const check = !next.has(value);
  for (const v of subtree) if (check) next.add(v); else next.delete(v);
  settleParents(nodes, keys, next);
  const order = flattenTree(nodes, keys).map((o) => o.value);
  return order.filter((v) => next.has(v));
}

/** Post-order: a parent is checked iff all its children are. Answers whether `nodes` are all checked. */
function settleParents(nodes: TreeRow[], keys: OptionKeys, selected: Set<string>): boolean {
  let all = true;
  for (const node of nodes) {
    const [option] = flattenTree([node], keys);
    if (node.children && node.children.length > 0) {
      if (settleParents(node.children, keys, selected)) selected.add(option.value);
      else selected.delete(option.value);
    }
    all = all && selected.has(option.value);
  }
  return all;
}
