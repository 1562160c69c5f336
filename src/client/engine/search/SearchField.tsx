import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { hasDependentOptions, type FieldModel, type Lang, type SearchKey } from '../../../shared/schema/entity-model';
import { useEngineText } from '../common/use-engine-text';
import { flattenTree, type FlatOption } from '../data/tree';
import { useDictionary } from '../data/use-dictionary';
import { useOptionTree } from '../data/use-option-tree';
import { LazyDateTimeInput } from '../form/widgets/LazyDateTimeInput';
import { rangeParams } from './search-params';
import { useFittingWidth } from './use-fitting-width';

export interface SearchFieldProps {
  searchKey: SearchKey;
  field: FieldModel;
  lang: Lang;
  /** Prefix of the input ids ('' on the main list, 'child_' in a child list). */
  scope: string;
  values: Record<string, unknown>;
  onChange: (name: string, value: unknown) => void;
}

const INPUT_WIDTH = 200;
/** Room for the whole placeholder (YYYY-MM-DD hh:mm:ss is 176 px in the field's 16 px font) beside the calendar button. */
const RANGE_WIDTH = { date: 230, dateTime: 248 };
const inputSx = { width: INPUT_WIDTH };

function useChoices(field: FieldModel, yesNo: [string, string]): FlatOption[] | undefined {
  const { items } = useDictionary(field.dict);
  // Options asked with other form fields (x-options.params) have nothing to ask with here: a text search.
  const options = field.options && !hasDependentOptions(field) ? field.options : undefined;
  const { nodes } = useOptionTree(options?.url);
  const flat = (value: string, label: string): FlatOption => ({ value, label, depth: 0, descendants: [], hasChildren: false });
  if (field.dict) return items.map((i) => flat(String(i.dictKey), i.dictValue));
  if (options) return flattenTree(nodes, options);
  if (field.widget === 'switch') return [flat('1', yesNo[0]), flat('0', yesNo[1])];
  return undefined;
}

/**
 * One search input, id `search_<field>`: a select for dictionary, option and switch
 * fields, two date-time pickers for a range (`search_<field>_dategt` / `_datelt`), else text.
 */
export function SearchField({ searchKey, field, lang, scope, values, onChange }: SearchFieldProps) {
  const { t } = useEngineText();
  const choices = useChoices(field, [t('yes'), t('no')]);
  const label = field.label[lang];
  if (searchKey.range) {
    return (
      <>
        {rangeParams(field.name).map((name, i) => (
          <LazyDateTimeInput
            key={name}
            id={`${scope}search_${name}`}
            size="small"
            width={field.type === 'date' ? RANGE_WIDTH.date : RANGE_WIDTH.dateTime}
            isDate={field.type === 'date'}
            label={`${label} ${t(i === 0 ? 'rangeStart' : 'rangeEnd')}`}
            value={values[name]}
            onChange={(text) => onChange(name, text)}
          />
        ))}
      </>
    );
  }
  const id = `${scope}search_${field.name}`;
  const value = values[field.name] === undefined ? '' : String(values[field.name]);
  if (choices) {
    return (
      <TextField select id={id} size="small" label={label} value={value} sx={inputSx} onChange={(e) => onChange(field.name, e.target.value)}>
        <MenuItem value="">&nbsp;</MenuItem>
        {choices.map((c) => (
          <MenuItem key={c.value} value={c.value} sx={{ pl: 2 + c.depth * 2 }}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <SearchText id={id} label={label} placeholder={`${t('pleaseEnter')} ${label}`} value={value} onChange={(text) => onChange(field.name, text)} />;
}

/** A text search input as wide as its whole placeholder needs (at least INPUT_WIDTH). */
function SearchText({ id, label, placeholder, value, onChange }: { id: string; label: string; placeholder: string; value: string; onChange: (text: string) => void }) {
  const { inputRef, width } = useFittingWidth(placeholder, INPUT_WIDTH);
  return (
    <TextField
      id={id}
      size="small"
      label={label}
      placeholder={placeholder}
      value={value}
      inputRef={inputRef}
      sx={{ width }}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
