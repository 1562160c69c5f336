import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useEngineText } from '../../common/use-engine-text';
import { dateFormatOf, formatDateText, parseDateText } from './date-text';
import { PickerTexts } from './PickerTexts';

export interface DateTimeInputProps {
  id: string;
  label: string;
  /** The server's text ('YYYY-MM-DD HH:mm:ss', or 'YYYY-MM-DD' when `isDate`); '' or undefined when empty. */
  value: unknown;
  isDate?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  width?: number;
  /** The new text: '' when cleared or not (yet) a whole date. */
  onChange(text: string): void;
  onBlur?(text: string): void;
  /** Focus the input when shown (it replaces a focused stand-in: LazyDateTimeInput). */
  autoFocus?: boolean;
  /** Shown with the calendar open (the stand-in's calendar button was pressed). */
  isOpenAtStart?: boolean;
}

/**
 * MUI X picker that shows and reports the spec's yyyy-MM-dd HH:mm:ss (24 h) in the
 * console's language (PickerTexts). The input is a plain
 * <input> with `id`, so labels and tests find it. While a date is half typed the picker
 * keeps it locally and the caller sees '' — the caller's '' must not wipe the typing.
 */
export function DateTimeInput(props: DateTimeInputProps) {
  const { isDate = false } = props;
  const { lang } = useEngineText();
  const [local, setLocal] = useState<Dayjs | null>(() => parseDateText(props.value));
  const [isOpen, setOpen] = useState(props.isOpenAtStart ?? false);
  const reported = useRef(textOf(props.value));
  if (textOf(props.value) !== reported.current) {
    reported.current = textOf(props.value);
    setLocal(parseDateText(props.value));
  }
  const change = (next: Dayjs | null) => {
    setLocal(next);
    reported.current = formatDateText(next, isDate);
    props.onChange(reported.current);
  };
  const common = {
    value: local,
    label: props.label,
    format: dateFormatOf(isDate),
    disabled: props.disabled,
    onChange: change,
    open: isOpen,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    enableAccessibleFieldDOMStructure: false as const,
    slotProps: {
      textField: {
        id: props.id,
        autoFocus: props.autoFocus,
        size: props.size,
        required: props.required,
        error: props.error,
        helperText: props.helperText,
        fullWidth: props.fullWidth,
        sx: props.width ? { width: props.width } : undefined,
        onBlur: () => props.onBlur?.(formatDateText(local, isDate)),
      },
      field: { clearable: !props.disabled },
      // Chinese calendars head a month as 2026年11月, not dayjs's 十一月 2026.
      calendarHeader: lang === 'zh' ? { format: 'YYYY年M月' } : {},
    },
  };
  return (
    <PickerTexts lang={lang}>
      {isDate ? (
        <DesktopDatePicker {...common} />
      ) : (
        <DesktopDateTimePicker
          {...common}
          ampm={false}
          views={['year', 'month', 'day', 'hours', 'minutes', 'seconds']}
          timeSteps={{ minutes: 1, seconds: 1 }}
        />
      )}
    </PickerTexts>
  );
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
