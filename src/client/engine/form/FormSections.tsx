import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ObjectFieldTemplatePropertyType } from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { FormSectionSpec } from './form-conditions';

/**
 * The dialog's fields in titled groups (Avue's `group`, as Saber's user form: 基础信息,
 * 详细信息, 职责信息); fields in no group follow untitled. `cell` lays out one field.
 */
export function FormSections(props: {
  sections: FormSectionSpec[];
  properties: ObjectFieldTemplatePropertyType[];
  cell: (property: ObjectFieldTemplatePropertyType) => ReactNode;
}) {
  const grouped = new Set(props.sections.flatMap((s) => s.fields));
  const byName = new Map(props.properties.map((p) => [p.name, p]));
  const rest = props.properties.filter((p) => !grouped.has(p.name));
  const grid = (items: ObjectFieldTemplatePropertyType[]) => (
    <Grid container columnSpacing={2} rowSpacing={2}>
      {items.map(props.cell)}
    </Grid>
  );
  return (
    <Box sx={{ mt: 1 }}>
      {props.sections.map((section) => (
        <Box component="section" key={section.key} aria-label={section.title} data-section={section.key} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {section.title}
          </Typography>
          <Divider sx={{ mb: 2 }} />
          {grid(section.fields.map((name) => byName.get(name)).filter((p): p is ObjectFieldTemplatePropertyType => p !== undefined))}
        </Box>
      ))}
      {rest.length > 0 && grid(rest)}
    </Box>
  );
}
