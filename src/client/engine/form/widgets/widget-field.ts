import type { WidgetProps } from '@rjsf/utils';
import type { FieldModel } from '../../../../shared/schema/entity-model';
import type { FieldWidgetOptions } from '../form-schema';

/** The field model a widget renders (put in `ui:options` by `buildFormSpec`). */
export function widgetField(props: WidgetProps): FieldModel | undefined {
  return (props.options as unknown as Partial<FieldWidgetOptions>).field;
}

/** Whether the user can change the widget's value. */
export function isWidgetLocked(props: WidgetProps): boolean {
  return Boolean(props.disabled || props.readonly);
}

/**
 * Reports a picked value and then a blur, so a select validates the new value at once
 * (a select's DOM blur happens when its menu opens, before anything is picked).
 */
export function pick(props: WidgetProps, value: unknown): void {
  props.onChange(value);
  props.onBlur(props.id, value);
}
