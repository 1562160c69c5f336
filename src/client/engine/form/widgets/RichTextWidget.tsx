import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import type { WidgetProps } from '@rjsf/utils';
import { RichTextToolbar } from './RichTextToolbar';
import { isWidgetLocked } from './widget-field';

/** The editor's HTML, with an editor left empty ('<br>' and the like) read as no value. */
function htmlOf(element: HTMLElement): string | undefined {
  const text = element.textContent?.trim() ?? '';
  const hasMedia = element.querySelector('img, video, iframe') !== null;
  return text === '' && !hasMedia ? undefined : element.innerHTML;
}

/**
 * A small rich-text editor (contentEditable + document.execCommand); the value is an
 * HTML string, which the server sanitizes before storing it.
 */
export function RichTextWidget(props: WidgetProps) {
  const editor = useRef<HTMLDivElement>(null);
  const locked = isWidgetLocked(props);
  const value = typeof props.value === 'string' ? props.value : '';

  useEffect(() => {
    // Only an outside change is written back, so typing keeps the caret where it is.
    const element = editor.current;
    if (element && element.innerHTML !== value && htmlOf(element) !== (value || undefined)) element.innerHTML = value;
  }, [value]);

  const report = () => editor.current && props.onChange(htmlOf(editor.current));
  return (
    <FormControl fullWidth required={props.required} error={(props.rawErrors?.length ?? 0) > 0} disabled={locked}>
      <FormLabel id={`${props.id}-label`} sx={{ mb: 0.5 }}>
        {props.label}
      </FormLabel>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {!locked && <RichTextToolbar editor={editor} onCommand={report} />}
        <Box
          id={props.id}
          ref={editor}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${props.id}-label`}
          contentEditable={!locked}
          suppressContentEditableWarning
          onInput={report}
          onBlur={() => editor.current && props.onBlur(props.id, htmlOf(editor.current))}
          onFocus={() => props.onFocus(props.id, props.value)}
          sx={{ minHeight: 160, p: 1.5, outline: 'none', '& p': { my: 0.5 }, overflowWrap: 'anywhere' }}
        />
      </Box>
    </FormControl>
  );
}
