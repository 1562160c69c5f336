import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { CSSProperties } from 'react';
import { isEmpty } from '../../../shared/is-empty';
import { hasDependentOptions, type FieldModel, type Lang } from '../../../shared/schema/entity-model';
import type { ResourceRow } from '../data/resource-api';
import { isUnset } from '../data/unset-value';
import { isOn } from '../data/values';
import { SourceIcon } from '../../icons/SourceIcon';
import { cellText } from './cell-text';
import { DictCell } from './DictCell';
import { OptionCell } from './OptionCell';

export interface CellValueProps {
  field: FieldModel | undefined;
  row: ResourceRow;
  /** The console's language and its words for a switch's values, from the table (not a hook per cell). */
  lang: Lang;
  yesNo: readonly [string, string];
  /** Makes the cell a link (the first column of a list with a child list). */
  onClick?: () => void;
}

// Plain styles: a cell is drawn for every row in view, and an sx object per cell costs (200-row pages).
const ONE_LINE: CSSProperties = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 };

function Content({ field, row, lang, yesNo }: CellValueProps) {
  if (!field) return null;
  const value = row[field.name];
  if (field.unset && isUnset(field.unset, value)) return <>{field.unset.label[lang]}</>;
  const fallback = viewLabel(row, field);
  if (field.valueLabels && !isEmpty(value)) return <>{field.valueLabels[String(value)]?.[lang] ?? String(value)}</>;
  if (field.dict) return <DictCell code={field.dict} value={value} fallback={fallback} />;
  if (field.options && !hasDependentOptions(field)) return <OptionCell options={field.options} value={value} fallback={fallback} />;
  if (fallback && !isEmpty(value)) return <>{fallback}</>;
  if (field.widget === 'icon' && typeof value === 'string' && value) return <IconCell source={value} />;
  if (field.widget === 'switch' && value !== undefined && value !== null) return <>{isOn(value) ? yesNo[0] : yesNo[1]}</>;
  return <>{cellText(field, value, lang)}</>;
}

/**
 * The label a BladeX view object carries for a field: `<field>Name`, or for a reference
 * (a base column or an id-typed field) its entity's name (`tenantId` → `tenantName`).
 * A declared text field such as the tenant's own code keeps its value.
 */
function viewLabel(row: ResourceRow, field: FieldModel): string | undefined {
  const { name } = field;
  const isReference = (field.isBase || field.type === 'id') && name.endsWith('Id');
  for (const key of [`${name}Name`, isReference ? `${name.slice(0, -2)}Name` : '']) {
    if (key && typeof row[key] === 'string' && row[key]) return row[key] as string;
  }
  return undefined;
}

/** An icon class drawn as its icon, as Saber's menu list does; the class is its tooltip and name. */
function IconCell({ source }: { source: string }) {
  return (
    <Box component="span" role="img" title={source} aria-label={source} sx={{ display: 'inline-flex', verticalAlign: 'middle' }}>
      <SourceIcon source={source} />
    </Box>
  );
}

/** One table cell: dict fields show the dictionary label, tree-selects the option titles. */
export function CellValue(props: CellValueProps) {
  const content = props.onClick ? (
    <Link component="button" type="button" underline="hover" onClick={props.onClick}>
      <Content {...props} />
    </Link>
  ) : (
    <Content {...props} />
  );
  // One line per row: long values end in an ellipsis (Avue's overHidden).
  return <span style={ONE_LINE}>{content}</span>;
}
