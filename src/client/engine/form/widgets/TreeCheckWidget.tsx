import { useMemo } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { WidgetProps } from '@rjsf/utils';
import { CheckboxTree } from '../../../components/CheckboxTree';
import { checkedFromSaved, checkedLeaves, withHalfChecked, type CheckKeys, type CheckNode } from '../../../components/checkbox-tree-state';
import { splitValues } from '../../data/values';
import { useFieldOptions } from './use-field-options';
import { isWidgetLocked, pick, widgetField } from './widget-field';

/**
 * `tree-check`: the field's `x-options` tree as cascading checkboxes (ids `<input id>_<value>`).
 * The value is what a grant saves: the ticked nodes with their half-ticked parents; a saved
 * parent whose children are not all saved shows half-ticked, so saving again grants no more.
 * `x-options.strict`: every box on its own, the value the ticked boxes. `x-options.leaves`:
 * the value is the ticked leaves alone (scopes under the menus that group them).
 */
export function TreeCheckWidget(props: WidgetProps) {
  const field = widgetField(props);
  const { nodes } = useFieldOptions(props);
  const keys: CheckKeys = { labelKey: field?.options?.labelKey ?? 'title', valueKey: field?.options?.valueKey ?? 'value' };
  const tree = nodes as unknown as CheckNode[];
  const saved = splitValues(props.value, field?.options);
  const strict = field?.options?.strict === true;
  const valueOf = (next: string[]) => {
    if (strict) return next;
    return field?.options?.leaves ? checkedLeaves(tree, keys, next) : withHalfChecked(tree, keys, next);
  };
  const checked = useMemo(() => (strict ? saved : checkedFromSaved(tree, keys, saved)), [strict, tree, keys.labelKey, keys.valueKey, saved.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  const failed = (props.rawErrors?.length ?? 0) > 0;
  return (
    <FormControl fullWidth error={failed} required={props.required}>
      <FormLabel sx={{ mb: 1 }}>{props.label}</FormLabel>
      <CheckboxTree
        id={props.id}
        nodes={tree}
        keys={keys}
        checked={checked}
        strict={strict}
        disabled={isWidgetLocked(props)}
        maxHeight={440}
        onChange={(next) => pick(props, valueOf(next))}
      />
      {failed && <FormHelperText>{props.rawErrors![0]}</FormHelperText>}
    </FormControl>
  );
}
