import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { flattenTree, type OptionKeys, type TreeRow } from '../../data/tree';
import { toggleChecked } from './checkbox-tree-state';

export interface CheckboxTreeProps {
  /** Prefix of each checkbox's id: `<id>_<value>`. */
  id: string;
  nodes: TreeRow[];
  keys: OptionKeys;
  selected: string[];
  disabled?: boolean;
  onChange: (values: string[]) => void;
}

interface NodeLineProps extends CheckboxTreeProps {
  node: TreeRow;
  depth: number;
  collapsed: Set<string>;
  onCollapse: (value: string) => void;
}

function NodeLine(props: NodeLineProps) {
  const { node, depth, keys, selected, collapsed } = props;
  const [option] = flattenTree([node], keys);
  const checked = selected.includes(option.value);
  const someBelow = option.descendants.some((d) => selected.includes(d));
  const isCollapsed = collapsed.has(option.value);
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2.5 }}>
        {option.hasChildren ? (
          <IconButton size="small" aria-label={isCollapsed ? "expand" : "collapse"} aria-expanded={!isCollapsed} onClick={() => props.onCollapse(option.value)}>
            {isCollapsed ? <ChevronRightIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 30 }} />
        )}
        <FormControlLabel
          label={option.label}
          disabled={props.disabled}
          control={
            <Checkbox
              size="small"
              id={`${props.id}_${option.value}`}
              checked={checked}
              indeterminate={!checked && someBelow}
              onChange={() => props.onChange(toggleChecked({ nodes: props.nodes, keys, selected, value: option.value }))}
            />
          }
        />
      </Box>
      {!isCollapsed &&
        (node.children ?? []).map((child, i) => (
          <NodeLine key={`${option.value}-${i}`} {...props} node={child} depth={depth + 1} />
        ))}
    </>
  );
}

/** A tree of checkboxes (menus of a tenant package): checking a node checks its subtree. */
export function CheckboxTree(props: CheckboxTreeProps) {
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const onCollapse = (value: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320, overflow: 'auto', py: 0.5 }}>
      {props.nodes.map((node, i) => (
        <NodeLine key={i} {...props} node={node} depth={0} collapsed={collapsed} onCollapse={onCollapse} />
      ))}
    </Box>
  );
}
