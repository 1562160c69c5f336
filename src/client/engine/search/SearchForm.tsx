import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { fieldOf, type EntityModel, type ListView } from '../../../shared/schema/entity-model';
import { useEngineText } from '../common/use-engine-text';
import type { SearchValues } from './search-params';
import { SearchField } from './SearchField';
import { useSearchForm } from './use-search-form';

export interface SearchFormProps {
  model: EntityModel;
  view: ListView;
  scope: string;
  onSearch: (values: SearchValues) => void;
}

/** The search bar of a list (view.search): Enter or 搜索 (id `search_submit`) applies it, 清空 (id `search_reset`) empties it. */
export function SearchForm({ model, view, scope, onSearch }: SearchFormProps) {
  const { t, lang } = useEngineText();
  const form = useSearchForm(onSearch);
  return (
    <Box
      component="form"
      role="search"
      noValidate
      onSubmit={form.submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}
    >
      {view.search.map((key) => {
        const field = fieldOf(model, key.field);
        return field ? (
          <SearchField
            key={key.field}
            searchKey={key}
            field={field}
            lang={lang}
            scope={scope}
            values={form.draft}
            onChange={form.setValue}
          />
        ) : null;
      })}
      <Button id={`${scope}search_submit`} type="submit" variant="contained" size="small" startIcon={<SearchIcon />}>
        {t('search')}
      </Button>
      <Button id={`${scope}search_reset`} type="button" variant="outlined" size="small" startIcon={<ClearIcon />} onClick={form.reset}>
        {t('reset')}
      </Button>
    </Box>
  );
}
