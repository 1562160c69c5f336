import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  DEFAULT_CHECK_KEYS,
  halfCheckedValues,
  nodeLabel,
  nodeValue,
  toggleChecked,
  type CheckKeys,
  type CheckNode,
} from './checkbox-tree-state';

export interface CheckboxTreeProps {
  /** Prefix of each checkbox's id: `<id>_<value>`. */
  id: string;
  nodes: CheckNode[];
  /** Label and value properties; default title / value. */
  keys?: CheckKeys;
  /** Checked values (see checkbox-tree-state for the cascade). */
  checked: string[];
  /** Element UI's check-strictly: every box on its own, no cascade. */
  strict?: boolean;
  disabled?: boolean;
  /** Height before the tree scrolls (px). */
  maxHeight?: number;
  onChange: (checked: string[]) => void;
}

interface LineProps {
  tree: CheckboxTreeProps & { keys: CheckKeys };
  node: CheckNode;
  depth: number;
  half: Set<string>;
  collapsed: Set<string>;
  onCollapse: (value: string) => void;
}

function NodeLine({ tree, node, depth, half, collapsed, onCollapse }: LineProps) {
  const { t } = useTranslation();
  const value = nodeValue(node, tree.keys);
  const children = node.children ?? [];
  const isCollapsed = collapsed.has(value);
  const checked = tree.checked.includes(value);
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2.5, minHeight: 32 }}>
        {children.length > 0 ? (
          <IconButton
            size="small"
            aria-label={t(isCollapsed ? 'tree.expand' : 'tree.collapse')}
            aria-expanded={!isCollapsed}
            onClick={() => onCollapse(value)}
          >
            {isCollapsed ? <ChevronRightIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 30, flexShrink: 0 }} />
        )}
        <FormControlLabel
          label={nodeLabel(node, tree.keys)}
          disabled={tree.disabled}
          sx={{ mr: 0 }}
          control={
            <Checkbox
              size="small"
              id={`${tree.id}_${value}`}
              checked={checked}
              indeterminate={!checked && half.has(value)}
              onChange={() => tree.onChange(toggleChecked({ nodes: tree.nodes, keys: tree.keys, checked: tree.checked, value, strict: tree.strict }))}
            />
          }
        />
      </Box>
      {!isCollapsed &&
        children.map((child, i) => (
          <NodeLine key={`${value}-${i}`} tree={tree} node={child} depth={depth + 1} half={half} collapsed={collapsed} onCollapse={onCollapse} />
        ))}
    </>
  );
}

/**
 * A tree of checkboxes, opened fully (Saber's default-expand-all): checking a node checks
 * its subtree, a parent is checked when all its children are and shows a dash when only
 * some are. With `strict` each box stands alone (Saber's role tree of a user).
 *
 * @example <CheckboxTree id="grant_menu" nodes={tree} checked={ids} onChange={setIds} />
 */
export function CheckboxTree(props: CheckboxTreeProps) {
  const keys = props.keys ?? DEFAULT_CHECK_KEYS;
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const half = useMemo(
    () => new Set(props.strict ? [] : halfCheckedValues(props.nodes, keys, props.checked)),
    [props.strict, props.nodes, keys, props.checked],
  );
  const onCollapse = (value: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });
  const tree = { ...props, keys };
  return (
    <Box
      id={`${props.id}_tree`}
      role="group"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: props.maxHeight ?? 320, overflow: 'auto', py: 0.5 }}
    >
      {props.nodes.map((node, i) => (
        <NodeLine key={i} tree={tree} node={node} depth={0} half={half} collapsed={collapsed} onCollapse={onCollapse} />
      ))}
    </Box>
  );
}
