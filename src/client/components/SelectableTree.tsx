import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { DEFAULT_CHECK_KEYS, nodeLabel, nodeValue, type CheckKeys, type CheckNode } from './checkbox-tree-state';
import { filterTree } from './selectable-tree-filter';

export interface SelectableTreeProps {
  /** Ids: the filter `<id>_filter`, each node `<id>_<value>`. */
  id: string;
  nodes: CheckNode[];
  keys?: CheckKeys;
  /** The picked node's value. */
  selected?: string;
  /** A click on a node picks it; a click on the picked node clears the pick. */
  onSelect: (value: string | undefined) => void;
}

interface LineProps {
  tree: SelectableTreeProps & { keys: CheckKeys };
  node: CheckNode;
  depth: number;
  collapsed: Set<string>;
  onCollapse: (value: string) => void;
}

function Line({ tree, node, depth, collapsed, onCollapse }: LineProps) {
  const { t } = useTranslation();
  const value = nodeValue(node, tree.keys);
  const children = node.children ?? [];
  const isCollapsed = collapsed.has(value);
  const isSelected = tree.selected === value;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2 }}>
        {children.length > 0 ? (
          <IconButton size="small" aria-label={t(isCollapsed ? 'tree.expand' : 'tree.collapse')} onClick={() => onCollapse(value)}>
            {isCollapsed ? <ChevronRightIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 30, flexShrink: 0 }} />
        )}
        <ListItemButton
          id={`${tree.id}_${value}`}
          dense
          selected={isSelected}
          aria-current={isSelected ? 'true' : undefined}
          sx={{ borderRadius: 1, py: 0.25 }}
          onClick={() => tree.onSelect(isSelected ? undefined : value)}
        >
          <ListItemText primary={nodeLabel(node, tree.keys)} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
        </ListItemButton>
      </Box>
      {!isCollapsed &&
        children.map((child, i) => (
          <Line key={`${value}-${i}`} tree={tree} node={child} depth={depth + 1} collapsed={collapsed} onCollapse={onCollapse} />
        ))}
    </>
  );
}

/** A tree to pick one node from (a department beside a list), opened fully, with a filter box. */
export function SelectableTree(props: SelectableTreeProps) {
  const { t } = useTranslation();
  const keys = props.keys ?? DEFAULT_CHECK_KEYS;
  const [filter, setFilter] = useState('');
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const shown = useMemo(() => filterTree(props.nodes, keys, filter), [props.nodes, keys, filter]);
  const onCollapse = (value: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });
  return (
    <Box>
      <TextField
        id={`${props.id}_filter`}
        size="small"
        fullWidth
        placeholder={t('tree.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        sx={{ mb: 1 }}
      />
      <List component="div" dense disablePadding id={props.id} sx={{ maxHeight: 'calc(100vh - 260px)', overflow: 'auto' }}>
        {shown.map((node, i) => (
          <Line key={i} tree={{ ...props, keys }} node={node} depth={0} collapsed={collapsed} onCollapse={onCollapse} />
        ))}
      </List>
    </Box>
  );
}
