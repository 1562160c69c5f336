import { useState } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ObjectFieldTemplatePropertyType } from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { FormSectionSpec } from './form-conditions';

/**
 * The form's sections as tabs (an action form's `tabs`: the role grant's 菜单权限 / 数据权限 /
 * 接口权限). Ids `<idPrefix>_tab_<key>` and `<idPrefix>_panel_<key>`; every panel stays
 * mounted (hidden), so each tab's value is kept and sent; fields on no tab follow below.
 */
export function FormTabs(props: {
  idPrefix: string;
  sections: FormSectionSpec[];
  properties: ObjectFieldTemplatePropertyType[];
  cell: (property: ObjectFieldTemplatePropertyType) => ReactNode;
}) {
  const { idPrefix, sections } = props;
  const [open, setOpen] = useState(sections[0]?.key);
  const onTabs = new Set(sections.flatMap((s) => s.fields));
  const byName = new Map(props.properties.map((p) => [p.name, p]));
  const rest = props.properties.filter((p) => !onTabs.has(p.name));
  const grid = (items: ObjectFieldTemplatePropertyType[]) => (
    <Grid container columnSpacing={2} rowSpacing={2}>
      {items.map(props.cell)}
    </Grid>
  );
  return (
    <Box>
      <Tabs value={open} onChange={(_, next: string) => setOpen(next)} variant="fullWidth" sx={{ mb: 1.5 }}>
        {sections.map((s) => (
          <Tab key={s.key} value={s.key} id={`${idPrefix}_tab_${s.key}`} aria-controls={`${idPrefix}_panel_${s.key}`} label={s.title} />
        ))}
      </Tabs>
      {sections.map((s) => (
        <Box key={s.key} role="tabpanel" id={`${idPrefix}_panel_${s.key}`} aria-labelledby={`${idPrefix}_tab_${s.key}`} hidden={open !== s.key}>
          {grid(s.fields.map((name) => byName.get(name)).filter((p): p is ObjectFieldTemplatePropertyType => p !== undefined))}
        </Box>
      ))}
      {rest.length > 0 && <Box sx={{ mt: 2 }}>{grid(rest)}</Box>}
    </Box>
  );
}
