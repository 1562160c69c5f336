/** A node as the tree endpoints answer it (BladeX TreeNode plus the row's own fields). */
export interface TreeRow {
  id?: string;
  parentId?: string;
  title?: string;
  key?: string;
  value?: unknown;
  hasChildren?: boolean;
  children?: TreeRow[];
  [field: string]: unknown;
}

export interface FlatOption {
  value: string;
  label: string;
  depth: number;
  /** Values of every descendant (for checkbox trees). */
  descendants: string[];
  hasChildren: boolean;
}

export interface OptionKeys {
  labelKey: string;
  valueKey: string;
  /** Shown after the label when the option has it (a table's comment). */
  detailKey?: string;
}

function optionLabel(node: TreeRow, keys: OptionKeys): string {
  const label = String(node[keys.labelKey] ?? node.title ?? node.name ?? optionValue(node, keys));
  const detail = keys.detailKey ? node[keys.detailKey] : undefined;
  return detail === undefined || detail === null || detail === '' ? label : `${label} (${String(detail)})`;
}

function optionValue(node: TreeRow, keys: OptionKeys): string {
  return String(node[keys.valueKey] ?? node.value ?? node.id ?? node.key ?? '');
}

function descendantValues(node: TreeRow, keys: OptionKeys): string[] {
  return (node.children ?? []).flatMap((c) => [optionValue(c, keys), ...descendantValues(c, keys)]);
}

/** Depth-first list of a forest's nodes with their depth, label and value as strings. */
export function flattenTree(nodes: TreeRow[] | undefined, keys: OptionKeys, depth = 0): FlatOption[] {
  return (nodes ?? []).flatMap((node) => [
    {
      value: optionValue(node, keys),
      label: optionLabel(node, keys),
      depth,
      descendants: descendantValues(node, keys),
      hasChildren: (node.children?.length ?? 0) > 0,
    },
    ...flattenTree(node.children, keys, depth + 1),
  ]);
}

/** value → label over a whole forest. */
export function labelMap(nodes: TreeRow[] | undefined, keys: OptionKeys): Map<string, string> {
  return new Map(flattenTree(nodes, keys).map((o) => [o.value, o.label]));
}

/** Sub-rows of a row for an expandable table: none when the array is empty. */
export function subRowsOf(row: TreeRow): TreeRow[] | undefined {
  return row.children && row.children.length > 0 ? row.children : undefined;
}
