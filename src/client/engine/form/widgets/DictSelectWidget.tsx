import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useDictionary } from '../../data/use-dictionary';
import { fromOptionKey } from '../../data/values';
import { isWidgetLocked, pick, widgetField } from './widget-field';

/** A select over a dictionary's entries (loaded once per code); the value keeps the field's JSON type. */
export function DictSelectWidget(props: WidgetProps) {
  const field = widgetField(props);
  const { items } = useDictionary(field?.dict);
  const current = items.some((i) => String(i.dictKey) === String(props.value)) ? String(props.value) : '';
  return (
    <TextField
      select
      fullWidth
      id={props.id}
      label={props.label}
      required={props.required}
      disabled={isWidgetLocked(props)}
      error={(props.rawErrors?.length ?? 0) > 0}
      value={current}
      onChange={(e) => pick(props, e.target.value === '' ? undefined : fromOptionKey(field, e.target.value))}
    >
      {!props.required && <MenuItem value="">&nbsp;</MenuItem>}
      {items.map((item) => (
        <MenuItem key={item.dictKey} value={String(item.dictKey)}>
          {item.dictValue}
        </MenuItem>
      ))}
    </TextField>
  );
}
