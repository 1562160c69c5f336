import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useRef } from 'react';
import { useLang } from '../../../i18n/use-lang';
import { isWidgetLocked } from './widget-field';

/** What the server answers for a stored secret and takes back as "keep it" (server: engine/secret-fields.ts). */
export const SECRET_MASK = '******';

const hints = {
  zh: { stored: '已保存（不显示），留空则保持不变', empty: '' },
  en: { stored: 'stored (not shown); leave empty to keep it', empty: '' },
} as const;

/**
 * A password input for secrets (x-widget `password`). A stored secret arrives as the
 * mask: the input stays empty with a hint, and sends the mask back — the server keeps
 * the stored value — until something is typed; clearing what was typed keeps it again.
 */
export function SecretWidget(props: WidgetProps) {
  const lang = useLang();
  const stored = useRef(props.value === SECRET_MASK);
  const text = props.value === SECRET_MASK ? '' : String(props.value ?? '');
  return (
    <TextField
      id={props.id}
      type="password"
      autoComplete="new-password"
      fullWidth
      size="small"
      label={props.label}
      required={props.required}
      disabled={isWidgetLocked(props)}
      value={text}
      placeholder={stored.current ? SECRET_MASK : undefined}
      helperText={stored.current && text === '' ? hints[lang].stored : undefined}
      error={Boolean(props.rawErrors?.length)}
      InputLabelProps={stored.current ? { shrink: true } : undefined}
      inputProps={{ 'data-secret-stored': stored.current ? 'true' : 'false' }}
      onChange={(e) => props.onChange(e.target.value === '' ? (stored.current ? SECRET_MASK : undefined) : e.target.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}
