import Grid from '@mui/material/Grid';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/** Span of a property (of 24, as in the schema's x-span) → MUI's 12-column grid. */
function columnsOf(props: ObjectFieldTemplateProps, name: string): number {
  const options = (props.uiSchema?.[name] as Record<string, unknown> | undefined)?.['ui:options'] as
    | { span?: number }
    | undefined;
  const span = options?.span ?? 24;
  return Math.min(12, Math.max(1, Math.round(span / 2)));
}

/** The dialog's field grid: each field takes its span of 24 (Avue's layout), full width on phones. */
export function GridObjectTemplate(props: ObjectFieldTemplateProps) {
  return (
    <Grid container columnSpacing={2} rowSpacing={2} sx={{ mt: 1 }}>
      {props.properties.map((p) =>
        p.hidden ? (
          p.content
        ) : (
          <Grid key={p.name} size={{ xs: 12, md: columnsOf(props, p.name) }}>
            {p.content}
          </Grid>
        ),
      )}
    </Grid>
  );
}
