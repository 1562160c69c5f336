import type { WidgetProps } from '@rjsf/utils';
import { DateTimeInput } from './DateTimeInput';
import { isWidgetLocked, widgetField } from './widget-field';

/**
 * A date-time (or date) picker whose value is the server's 'YYYY-MM-DD HH:mm:ss' (or
 * 'YYYY-MM-DD' for date fields). Empty is undefined, as rjsf's own inputs report it, so
 * `required` speaks and the pattern never sees ''.
 */
export function DateTimeWidget(props: WidgetProps) {
  const toValue = (text: string) => text || undefined;
  return (
    <DateTimeInput
      fullWidth
      id={props.id}
      label={props.label}
      isDate={widgetField(props)?.type === 'date'}
      value={props.value}
      required={props.required}
      disabled={isWidgetLocked(props)}
      error={(props.rawErrors?.length ?? 0) > 0}
      onChange={(text) => props.onChange(toValue(text))}
      onBlur={(text) => props.onBlur(props.id, toValue(text))}
    />
  );
}
