import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { WidgetProps } from '@rjsf/utils';
import { useDictionary } from '../../data/use-dictionary';
import { fromOptionKey } from '../../data/values';
import { isWidgetLocked, pick, widgetField } from './widget-field';

/** Radio buttons over a dictionary's entries; the value keeps the field's JSON type. */
export function DictRadioWidget(props: WidgetProps) {
  const field = widgetField(props);
  const { items } = useDictionary(field?.dict);
  const current = props.value === undefined || props.value === null ? '' : String(props.value);
  return (
    <FormControl required={props.required} disabled={isWidgetLocked(props)} error={(props.rawErrors?.length ?? 0) > 0}>
      <FormLabel id={`${props.id}-label`}>{props.label}</FormLabel>
      <RadioGroup
        row
        id={props.id}
        aria-labelledby={`${props.id}-label`}
        value={current}
        onChange={(e) => pick(props, fromOptionKey(field, e.target.value))}
      >
        {items.map((item) => (
          <FormControlLabel key={item.dictKey} value={String(item.dictKey)} control={<Radio />} label={item.dictValue} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
