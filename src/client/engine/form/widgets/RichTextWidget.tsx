import { lazy, Suspense } from 'react';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import type { WidgetProps } from '@rjsf/utils';
import { isWidgetLocked } from './widget-field';

// Tiptap is large: only a form with a rich-text field loads it.
const RichTextEditor = lazy(() => import('./rich-text/RichTextEditor'));

/** `x-widget: richtext`: an HTML value edited with mui-tiptap; the server sanitizes it before storing. */
export function RichTextWidget(props: WidgetProps) {
  const locked = isWidgetLocked(props);
  const labelId = `${props.id}-label`;
  return (
    <FormControl fullWidth required={props.required} error={(props.rawErrors?.length ?? 0) > 0} disabled={locked}>
      <FormLabel id={labelId} sx={{ mb: 0.5 }}>
        {props.label}
      </FormLabel>
      <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
        <RichTextEditor
          id={props.id}
          labelId={labelId}
          value={typeof props.value === 'string' ? props.value : ''}
          readOnly={locked}
          onChange={(html) => props.onChange(html)}
          onBlur={(html) => props.onBlur(props.id, html)}
          onFocus={() => props.onFocus(props.id, props.value)}
        />
      </Suspense>
    </FormControl>
  );
}
