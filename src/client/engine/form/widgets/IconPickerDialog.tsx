import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEngineText } from '../../common/use-engine-text';
import { findIcon, iconGroups, searchIcons, type IconEntry } from '../../../icons/icon-catalogue';

export interface IconPickerDialogProps {
  /** The class the field holds now; its icon is shown as selected. */
  value?: string;
  onPick: (value: string) => void;
  onClose: () => void;
}

/** Short name under an icon: the class without Saber's `iconfont ` prefix. */
const shortName = (value: string) => value.replace(/^iconfont\s+/, '');

const STEPS: Record<string, number | 'row'> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 'row', ArrowUp: 'row' };

/** Moves the focus among the icon choices with the arrow keys (a row down/up is as many icons as the first row holds). */
function moveFocus(event: KeyboardEvent<HTMLElement>, container: HTMLElement | null): void {
  const step = STEPS[event.key];
  if (!step || !container) return;
  const items = [...container.querySelectorAll<HTMLElement>('[data-icon-choice]')];
  if (items.length === 0) return;
  const perRow = items.filter((el) => el.offsetTop === items[0].offsetTop).length || 1;
  const delta = step === 'row' ? (event.key === 'ArrowDown' ? perRow : -perRow) : step;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = at < 0 ? (event.key === 'ArrowDown' ? 0 : -1) : Math.min(items.length - 1, Math.max(0, at + delta));
  if (next < 0) return;
  event.preventDefault();
  items[next].focus();
}

/**
 * Saber's icon picker: the catalogue's groups (通用图标, 系统图标) as grids, filtered by a
 * search over class names and keywords in both languages. A click or Enter on an icon
 * picks it; Enter in a non-empty search box picks the first match; the arrow keys move
 * among the icons (↓ from the search box enters the grid); Escape closes. The current
 * icon is scrolled into view when the picker opens.
 */
export function IconPickerDialog({ value, onPick, onClose }: IconPickerDialogProps) {
  const { t, lang } = useEngineText();
  const [query, setQuery] = useState('');
  const groups = useMemo(
    () => iconGroups.map((group) => ({ group, icons: searchIcons(group, query) })).filter(({ icons }) => icons.length > 0),
    [query],
  );
  const current = findIcon(value)?.value;
  const first = query.trim() ? groups[0]?.icons[0] : undefined;
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (current) content.current?.querySelector(`[data-icon-choice="${CSS.escape(current)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="icon_picker_title">
      <DialogTitle id="icon_picker_title">{t('pickIcon')}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 360 }} ref={content} onKeyDown={(e) => moveFocus(e, content.current)}>
        <TextField
          id="icon_picker_search"
          autoFocus
          fullWidth
          size="small"
          placeholder={t('searchIcon')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && first) {
              e.preventDefault();
              onPick(first.value);
            }
          }}
          sx={{ mb: 2 }}
        />
        {groups.length === 0 && (
          <Typography id="icon_picker_empty" color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            {t('noIconMatch')}
          </Typography>
        )}
        {groups.map(({ group, icons }) => (
          <Box key={group.key} component="section" aria-label={group.label[lang]} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {group.label[lang]}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }}>
              {icons.map((icon) => (
                <IconChoice key={icon.value} icon={icon} selected={icon.value === current} onPick={onPick} />
              ))}
            </Box>
          </Box>
        ))}
      </DialogContent>
    </Dialog>
  );
}

function IconChoice({ icon, selected, onPick }: { icon: IconEntry; selected: boolean; onPick: (value: string) => void }) {
  const { Icon } = icon;
  return (
    <ButtonBase
      focusRipple
      title={icon.value}
      aria-label={icon.value}
      aria-pressed={selected}
      data-icon-choice={icon.value}
      onClick={() => onPick(icon.value)}
      sx={{
        flexDirection: 'column',
        gap: 0.5,
        p: 1,
        borderRadius: 1,
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        color: selected ? 'primary.main' : 'text.primary',
        '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main', color: 'primary.main' },
      }}
    >
      <Icon />
      <Typography variant="caption" noWrap sx={{ maxWidth: '100%' }}>
        {shortName(icon.value)}
      </Typography>
    </ButtonBase>
  );
}
