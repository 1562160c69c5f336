import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import type { FlatOption } from '../../data/tree';
import { fromOptionKey, joinValues, splitValues } from '../../data/values';
import { useEngineText } from '../../common/use-engine-text';
import { isWidgetLocked, pick, widgetField } from './widget-field';

export interface OptionsSelectProps {
  widget: WidgetProps;
  options: FlatOption[];
  /** Set while the options wait for another field (`x-options.params`): shown under the disabled select. */
  waitingHint?: string;
}

/**
 * A select over options (a flattened tree shows its depth by indentation). With
 * `options.multiple` the value is an array, or a string joined by `options.join`.
 * While its options wait for another field it is disabled and says which.
 */
export function OptionsSelect({ widget, options, waitingHint }: OptionsSelectProps) {
  const { t } = useEngineText();
  const field = widgetField(widget);
  const multiple = field?.options?.multiple === true;
  const known = new Set(options.map((o) => o.value));
  const selected = splitValues(widget.value, field?.options).filter((v) => known.has(v));
  const onPick = (raw: unknown) => {
    if (multiple) pick(widget, joinValues(raw as string[], field?.options));
    else pick(widget, raw === '' ? undefined : fromOptionKey(field, String(raw)));
  };
  return (
    <TextField
      select
      fullWidth
      id={widget.id}
      label={widget.label}
      required={widget.required}
      disabled={isWidgetLocked(widget) || waitingHint !== undefined}
      helperText={waitingHint}
      error={(widget.rawErrors?.length ?? 0) > 0}
      value={multiple ? selected : (selected[0] ?? '')}
      // The hint says why the field is locked: readable (AA), not greyed with it.
      slotProps={{ select: { multiple }, formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
      onChange={(e) => onPick(e.target.value)}
    >
      {!multiple && !widget.required && <MenuItem value="">&nbsp;</MenuItem>}
      {options.length === 0 && (
        <MenuItem disabled value="__none">
          {t('noData')}
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} sx={{ pl: 2 + option.depth * 2 }}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
