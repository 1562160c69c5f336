import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { WidgetProps } from '@rjsf/utils';
import { isOn } from '../../data/values';
import { isWidgetLocked, pick } from './widget-field';

/** An on/off switch stored as 0/1 (integer fields, BladeX style) or as a boolean. */
export function SwitchWidget(props: WidgetProps) {
  const isBoolean = props.schema.type === 'boolean';
  return (
    <FormControlLabel
      label={props.label}
      labelPlacement="start"
      sx={{ ml: 0, gap: 1, alignSelf: 'flex-start' }}
      control={
        <Switch
          id={props.id}
          checked={isOn(props.value)}
          disabled={isWidgetLocked(props)}
          onChange={(_, checked) => pick(props, isBoolean ? checked : checked ? 1 : 0)}
        />
      }
    />
  );
}
