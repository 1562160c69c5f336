import Grid from '@mui/material/Grid';
import type { ObjectFieldTemplatePropertyType, ObjectFieldTemplateProps } from '@rjsf/utils';
import type { FormSectionSpec } from './form-conditions';
import { FormSections } from './FormSections';
import { FormTabs } from './FormTabs';

/** Span of a property (of 24, as in the schema's x-span) → MUI's 12-column grid. */
function columnsOf(props: ObjectFieldTemplateProps, name: string): number {
  const options = (props.uiSchema?.[name] as Record<string, unknown> | undefined)?.['ui:options'] as
    | { span?: number }
    | undefined;
  const span = options?.span ?? 24;
  return Math.min(12, Math.max(1, Math.round(span / 2)));
}

/** The dialog's field grid: each field takes its span of 24 (Avue's layout), full width on phones; in sections (or on tabs) if the form has them. */
export function GridObjectTemplate(props: ObjectFieldTemplateProps) {
  const cell = (p: ObjectFieldTemplatePropertyType) =>
    p.hidden ? (
      p.content
    ) : (
      <Grid key={p.name} size={{ xs: 12, md: columnsOf(props, p.name) }}>
        {p.content}
      </Grid>
    );
  const layout = props.uiSchema?.['ui:options'] as { sections?: FormSectionSpec[]; sectionsAs?: 'tabs' } | undefined;
  const sections = layout?.sections ?? [];
  if (sections.length > 0 && layout?.sectionsAs === 'tabs') return <FormTabs idPrefix={props.fieldPathId.$id} sections={sections} properties={props.properties} cell={cell} />;
  if (sections.length > 0) return <FormSections sections={sections} properties={props.properties} cell={cell} />;
  return (
    <Grid container columnSpacing={2} rowSpacing={2} sx={{ mt: 1 }}>
      {props.properties.map(cell)}
    </Grid>
  );
}
