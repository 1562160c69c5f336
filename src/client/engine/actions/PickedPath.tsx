import { Fragment } from 'react';
import Typography from '@mui/material/Typography';
import { isEmpty } from '../../../shared/is-empty';
import { fieldOf, type EntityModel } from '../../../shared/schema/entity-model';
import { optionRequest } from '../data/option-request';
import { flattenTree } from '../data/tree';
import { useOptionTree } from '../data/use-option-tree';

/** The label of the option picked in one select field (its options as the widget asked them: the same cached request). */
function PickedLabel({ model, name, values }: { model: EntityModel; name: string; values: Record<string, unknown> }) {
  const options = fieldOf(model, name)?.options;
  const { nodes } = useOptionTree(optionRequest(options, values).url);
  const value = String(values[name]);
  const picked = options ? flattenTree(nodes, options).find((o) => o.value === value) : undefined;
  return <>{picked?.label ?? value}</>;
}

/**
 * An action form's `summary`: the labels picked in its select fields, outermost first, joined
 * by the separator (a cascade's path: 江苏省 / 常州市 / 武进区); empty fields are left out.
 */
export function PickedPath(props: { id: string; model: EntityModel; summary: { fields: string[]; separator: string }; values: Record<string, unknown> }) {
  const { id, model, summary, values } = props;
  const picked = summary.fields.filter((name) => !isEmpty(values[name]));
  return (
    <Typography id={id} variant="body2" color="text.secondary" sx={{ mt: 1, minHeight: '1.5em' }}>
      {picked.map((name, i) => (
        <Fragment key={name}>
          {i > 0 && summary.separator}
          <PickedLabel model={model} name={name} values={values} />
        </Fragment>
      ))}
    </Typography>
  );
}
