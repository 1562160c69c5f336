import type { WidgetProps } from '@rjsf/utils';
import type { FlatOption } from '../../data/tree';
import { flattenTree } from '../../data/tree';
import { OptionsSelect } from './OptionsSelect';
import { useFieldOptions } from './use-field-options';
import { widgetField } from './widget-field';

function enumOptions(props: WidgetProps): FlatOption[] {
  return (props.options.enumOptions ?? []).map((o) => ({
    value: String(o.value),
    label: o.label,
    depth: 0,
    descendants: [],
    hasChildren: false,
  }));
}

/** A select fed by `options.url` (a list or a tree, asked with `options.params`), else by the schema's enum. */
export function SelectWidget(props: WidgetProps) {
  const field = widgetField(props);
  const { nodes, waitingHint } = useFieldOptions(props);
  const options = field?.options ? flattenTree(nodes, field.options) : enumOptions(props);
  return <OptionsSelect widget={props} options={options} waitingHint={waitingHint} />;
}
