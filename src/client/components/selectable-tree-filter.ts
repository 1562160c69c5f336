import { nodeLabel, type CheckKeys, type CheckNode } from './checkbox-tree-state';

/**
 * The forest limited to nodes whose label contains `text` (case-insensitive), with
 * their ancestors so the matches stay in place (avue-tree's filter). Empty text: all.
 */
export function filterTree(nodes: CheckNode[], keys: CheckKeys, text: string): CheckNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  const visit = (list: CheckNode[] | undefined): CheckNode[] =>
    (list ?? []).flatMap((node) => {
      if (nodeLabel(node, keys).toLowerCase().includes(needle)) return [node];
      const children = visit(node.children);
      return children.length > 0 ? [{ ...node, children }] : [];
    });
  return visit(nodes);
}
