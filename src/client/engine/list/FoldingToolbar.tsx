import { useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useEngineText } from '../common/use-engine-text';
import type { ToolbarItem } from './toolbar-item';
import { useFoldCount } from './use-fold-count';

function ToolbarButton({ item, measuring = false }: { item: ToolbarItem; measuring?: boolean }) {
  const button = (
    <Button id={measuring ? undefined : item.id} tabIndex={measuring ? -1 : undefined} variant={item.variant ?? 'outlined'}
      color={item.color ?? 'primary'} size="small" startIcon={item.icon} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      onClick={measuring ? undefined : item.onClick}>
      {item.label}
    </Button>
  );
  return item.dot === undefined ? button : <Badge color="primary" variant="dot" invisible={!item.dot} sx={{ flexShrink: 0 }}>{button}</Badge>;
}

/**
 * The toolbar's buttons on one line: the first ones that fit, the others in the 更多 menu
 * (id `<scope>toolbar_more`; its items carry `data-toolbar-item`). The menu is MUI's: arrow
 * keys, Enter, Escape back to the button.
 */
export function FoldingToolbar({ items, scope }: { items: ToolbarItem[]; scope: string }) {
  const { t } = useEngineText();
  const { rowRef, measureRef, shown } = useFoldCount(items.map((item) => `${item.key}:${item.label}`).join('|'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const folded = items.slice(shown);
  const open = anchor !== null && folded.length > 0;
  const moreButton = (measuring: boolean) => (
    <Button id={measuring ? undefined : `${scope}toolbar_more`} tabIndex={measuring ? -1 : undefined} variant="outlined" size="small"
      endIcon={<ExpandMoreIcon />} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }} aria-label={t('moreActionsName')}
      aria-haspopup="menu" aria-controls={!measuring && open ? menuId : undefined} aria-expanded={!measuring && open ? 'true' : undefined}
      onClick={measuring ? undefined : (event) => setAnchor(event.currentTarget)}>
      {t('moreActions')}
    </Button>
  );
  return (
    <Box ref={rowRef} sx={{ flex: '1 1 0', minWidth: 0, position: 'relative', display: 'flex', gap: 1, alignItems: 'center' }}>
      {items.slice(0, shown).map((item) => <ToolbarButton key={item.key} item={item} />)}
      {folded.length > 0 && moreButton(false)}
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        {folded.map((item) => (
          <MenuItem key={item.key} data-toolbar-item={item.key} dense onClick={() => { setAnchor(null); item.onClick(); }}>
            {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
            <ListItemText inset={!item.icon && folded.some((other) => other.icon)}>{item.label}</ListItemText>
            {item.dot && <Badge color="primary" variant="dot" sx={{ ml: 2 }} />}
          </MenuItem>
        ))}
      </Menu>
      {/* Every button as drawn, never seen or reached: the widths the fold is decided on. */}
      <Box ref={measureRef} aria-hidden sx={{ position: 'absolute', top: 0, left: 0, width: 'max-content', height: 0, overflow: 'hidden', visibility: 'hidden', display: 'flex', gap: 1 }}>
        {items.map((item) => <ToolbarButton key={item.key} item={item} measuring />)}
        {moreButton(true)}
      </Box>
    </Box>
  );
}
