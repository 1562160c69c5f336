import EventIcon from '@mui/icons-material/Event';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEngineText } from '../../common/use-engine-text';
import type { DateTimeInputProps } from './DateTimeInput';

export interface DateTextFieldProps extends DateTimeInputProps {
  /** What is in the input (the stand-in's own text, half typed or whole). */
  text: string;
  onTextChange(text: string): void;
  /** The pointer or the focus came to the field: the picker will be wanted soon. */
  onWanted(): void;
  onFocusChange(hasFocus: boolean): void;
  /** The calendar button was pressed. */
  onOpen(): void;
}

/**
 * A plain text input that looks like DateTimeInput (same id, label, size, placeholder and
 * calendar button) and stands in for it until the pickers' code is loaded.
 */
export function DateTextField(props: DateTextFieldProps) {
  const { t } = useEngineText();
  const openButton = (
    <InputAdornment position="end">
      {/* Pressing (not only the click) asks for the calendar: the picker may take the stand-in's
          place between press and release, and the click would then land on neither. */}
      <IconButton edge="end" size="small" aria-label={t('chooseDate')} disabled={props.disabled} onPointerDown={props.onOpen} onClick={props.onOpen}>
        <EventIcon fontSize="small" />
      </IconButton>
    </InputAdornment>
  );
  return (
    <TextField
      id={props.id}
      label={props.label}
      value={props.text}
      placeholder={props.isDate ? 'YYYY-MM-DD' : 'YYYY-MM-DD hh:mm:ss'}
      size={props.size}
      required={props.required}
      disabled={props.disabled}
      error={props.error}
      helperText={props.helperText}
      fullWidth={props.fullWidth}
      sx={props.width ? { width: props.width } : undefined}
      autoComplete="off"
      slotProps={{ input: { endAdornment: openButton } }}
      onPointerEnter={props.onWanted}
      onFocus={() => {
        props.onWanted();
        props.onFocusChange(true);
      }}
      onBlur={() => props.onFocusChange(false)}
      onChange={(e) => props.onTextChange(e.target.value)}
    />
  );
}
