import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import type { WidgetProps } from '@rjsf/utils';
import { flattenTree } from '../../data/tree';
import { joinValues, splitValues } from '../../data/values';
import { CheckboxTree } from '../../../components/CheckboxTree';
import { OptionsSelect } from './OptionsSelect';
import { useFieldOptions } from './use-field-options';
import { isWidgetLocked, pick, widgetField } from './widget-field';

/**
 * A pick from the option tree at `options.url`: one node from an indented select, or
 * with `options.multiple` a checkbox tree whose value is an array or a string joined by
 * `options.join` (tenant package menuId "1,2,3").
 */
export function TreeSelectWidget(props: WidgetProps) {
  const field = widgetField(props);
  const { nodes, waitingHint } = useFieldOptions(props);
  const keys = { labelKey: field?.options?.labelKey ?? 'title', valueKey: field?.options?.valueKey ?? 'value', detailKey: field?.options?.detailKey };
  if (!field?.options?.multiple) return <OptionsSelect widget={props} options={flattenTree(nodes, keys)} waitingHint={waitingHint} />;
  return (
    <FormControl fullWidth required={props.required} error={(props.rawErrors?.length ?? 0) > 0}>
      <FormLabel id={`${props.id}-label`} sx={{ mb: 0.5 }}>
        {props.label}
      </FormLabel>
      <div id={props.id} role="group" aria-labelledby={`${props.id}-label`}>
        <CheckboxTree
          id={props.id}
          nodes={nodes}
          keys={keys}
          checked={splitValues(props.value, field.options)}
          disabled={isWidgetLocked(props)}
          onChange={(values) => pick(props, joinValues(values, field.options))}
        />
      </div>
    </FormControl>
  );
}
