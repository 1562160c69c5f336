import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEngineText } from '../engine/common/use-engine-text';
import { findIcon, iconGroups, searchIcons, type IconEntry } from './icon-catalogue';

export interface IconPickerDialogProps {
  /** The class the field holds now; its icon is shown as selected. */
  value?: string;
  onPick: (value: string) => void;
  onClose: () => void;
}

/** Short name under an icon: the class without Saber's `iconfont ` prefix. */
const shortName = (value: string) => value.replace(/^iconfont\s+/, '');

/**
 * Saber's icon picker: the catalogue's groups (通用图标, 系统图标) as grids, filtered by a
 * search over class names and keywords in both languages. A click or Enter on an icon
 * picks it; Enter in the search box picks the first match; Escape closes.
 */
export function IconPickerDialog({ value, onPick, onClose }: IconPickerDialogProps) {
  const { t, lang } = useEngineText();
  const [query, setQuery] = useState('');
  const groups = useMemo(
    () => iconGroups.map((group) => ({ group, icons: searchIcons(group, query) })).filter(({ icons }) => icons.length > 0),
    [query],
  );
  const current = findIcon(value)?.value;
  const first = groups[0]?.icons[0];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="icon_picker_title">
      <DialogTitle id="icon_picker_title">{t('pickIcon')}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 360 }}>
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
