import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { fromDateTimeLocal, toDateTimeLocal } from '../../data/values';
import { isWidgetLocked, widgetField } from './widget-field';

/**
 * A date-time input whose value is the server's 'YYYY-MM-DD HH:mm:ss' (or 'YYYY-MM-DD'
 * for date fields); the browser's picker works in its own ISO-like format.
 */
export function DateTimeWidget(props: WidgetProps) {
  const isDate = widgetField(props)?.type === 'date';
  const shown = isDate ? String(props.value ?? '').slice(0, 10) : toDateTimeLocal(props.value);
  const toValue = (raw: string) => (isDate ? raw || undefined : fromDateTimeLocal(raw));
  return (
    <TextField
      fullWidth
      id={props.id}
      type={isDate ? 'date' : 'datetime-local'}
      label={props.label}
      required={props.required}
      disabled={isWidgetLocked(props)}
      error={(props.rawErrors?.length ?? 0) > 0}
      value={shown}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
      onChange={(e) => props.onChange(toValue(e.target.value))}
      onBlur={(e) => props.onBlur(props.id, toValue(e.target.value))}
      onFocus={(e) => props.onFocus(props.id, toValue(e.target.value))}
    />
  );
}
