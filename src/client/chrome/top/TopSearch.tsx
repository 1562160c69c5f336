import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuLeaves, searchMenus, type MenuEntry } from '../menu-search';
import { useMenu } from '../use-menu';

/** Top bar menu search (Saber top-search.vue): autocomplete by name prefix; Esc closes the list and clears. */
export function TopSearch() {
  const { t } = useTranslation();
  const { menu, labelOf, open } = useMenu();
  const entries = useMemo(() => menuLeaves(menu, labelOf), [menu, labelOf]);
  const [input, setInput] = useState('');
  const [isOpen, setOpen] = useState(false);
  const choose = (entry: MenuEntry | null) => {
    if (!entry) return;
    setInput('');
    setOpen(false);
    open(entry.node);
  };
  return (
    <Autocomplete<MenuEntry, false, false, false>
      id="top_search"
      size="small"
      options={entries}
      value={null}
      inputValue={input}
      open={isOpen && input.trim().length > 0}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
      onChange={(_, entry) => choose(entry)}
      filterOptions={(options, state) => searchMenus(options, state.inputValue)}
      getOptionLabel={(entry) => entry.label}
      getOptionKey={(entry) => entry.node.id}
      isOptionEqualToValue={(a, b) => a.node.id === b.node.id}
      noOptionsText={t('menuTip')}
      clearOnEscape
      // A search field, not a select: the arrow would only take the room the placeholder needs.
      forcePopupIcon={false}
      renderOption={({ key, ...props }, entry) => (
        <li key={key} {...props} data-menu-path={entry.node.path}>
          {entry.label}
        </li>
      )}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          setInput('');
          setOpen(false);
        }
      }}
      sx={{ width: 280 }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={t('search')}
          InputProps={{
            ...params.InputProps,
            startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment>,
            sx: { bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1 },
          }}
        />
      )}
    />
  );
}
