import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { DateTimeInputProps } from './DateTimeInput';
import { DateTextField } from './DateTextField';

type Picker = ComponentType<DateTimeInputProps>;

// The MUI X pickers with dayjs are ≈ 64 KB gzip: a list's search bar shows without them.
let picker: Picker | undefined;
let loading: Promise<unknown> | undefined;
const waiting = new Set<(picker: Picker) => void>();

function loadPicker(): void {
  loading ??= import('./DateTimeInput').then(
    (m) => {
      picker = m.DateTimeInput;
      for (const notify of waiting) notify(picker);
    },
    // The stand-in stays (it takes typed dates too); the next hover or focus tries again.
    () => {
      loading = undefined;
    },
  );
}

function isWholeDate(text: string, isDate = false): boolean {
  return (isDate ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).test(text);
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * DateTimeInput whose code is fetched when the pointer or the focus first comes to the
 * field, or its calendar button is pressed. Until then a plain input stands in, and a
 * whole date typed there is reported as the picker would report it. The picker takes
 * over once loaded, except while the stand-in has the focus and half a date (that typing
 * would be lost): then at the blur.
 */
export function LazyDateTimeInput(props: DateTimeInputProps) {
  const [Loaded, setLoaded] = useState<Picker | undefined>(() => picker);
  const [text, setText] = useState(() => textOf(props.value));
  const [hasFocus, setFocus] = useState(false);
  const [isOpenAtStart, setOpenAtStart] = useState(false);
  // As in DateTimeInput: only a value the caller changed replaces the text (its '' must not wipe half a date).
  const reported = useRef(textOf(props.value));
  if (textOf(props.value) !== reported.current) {
    reported.current = textOf(props.value);
    setText(reported.current);
  }
  useEffect(() => {
    if (Loaded) return;
    const notify = (next: Picker) => setLoaded(() => next);
    waiting.add(notify);
    if (picker) notify(picker);
    return () => {
      waiting.delete(notify);
    };
  }, [Loaded]);
  if (Loaded && (!hasFocus || text === '' || isWholeDate(text, props.isDate))) {
    return <Loaded {...props} autoFocus={hasFocus} isOpenAtStart={isOpenAtStart} />;
  }
  return (
    <DateTextField
      {...props}
      text={text}
      onTextChange={(next) => {
        setText(next);
        reported.current = isWholeDate(next, props.isDate) ? next : '';
        props.onChange(reported.current);
      }}
      onWanted={loadPicker}
      onFocusChange={setFocus}
      onOpen={() => {
        setOpenAtStart(true);
        loadPicker();
      }}
    />
  );
}
