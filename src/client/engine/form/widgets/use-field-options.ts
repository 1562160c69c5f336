import { useEffect, useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { fieldOf } from '../../../../shared/schema/entity-model';
import { selectFirstMessage } from '../../../../shared/schema/validation-messages';
import { useEngineText } from '../../common/use-engine-text';
import { optionRequest } from '../../data/option-request';
import { flattenTree, type TreeRow } from '../../data/tree';
import { useMenuLabels } from '../../data/use-menu-labels';
import { useOptionTree } from '../../data/use-option-tree';
import { joinValues, splitValues } from '../../data/values';
import { useFormValues } from '../form-values';
import { isWidgetLocked, widgetField } from './widget-field';

export interface FieldOptionsState {
  nodes: TreeRow[];
  /** While a field the options depend on is empty: 请先选择<label>, and the select is disabled. */
  waitingHint?: string;
}

/**
 * The options of a widget's field (`x-options`). With `params` they are asked with the
 * form's current values, again when those change; a value the new options no longer
 * offer is cleared, so the form never submits a table of another data source.
 */
export function useFieldOptions(props: WidgetProps): FieldOptionsState {
  const field = widgetField(props);
  const form = useFormValues();
  const { lang } = useEngineText();
  const request = optionRequest(field?.options, form?.data);
  const { nodes: answered, isLoading } = useOptionTree(request.url, field?.options?.dataKey);
  const relabel = useMenuLabels(field?.options);
  const nodes = useMemo(() => relabel(answered), [relabel, answered]);
  const dependent = field?.options?.params !== undefined;
  const offered = useMemo(() => new Set(field?.options ? flattenTree(nodes, field.options).map((o) => o.value) : []), [nodes, field?.options]);
  const { value, onChange } = props;
  const locked = isWidgetLocked(props);
  useEffect(() => {
    if (!dependent || locked || isLoading || !field?.options) return;
    const values = splitValues(value, field.options);
    const kept = values.filter((v) => offered.has(v));
    if (kept.length < values.length) onChange(field.options.multiple ? joinValues(kept, field.options) : undefined);
  }, [dependent, locked, isLoading, offered, value, onChange, field?.options]);
  const waitingFor = request.waitingFor && form ? fieldOf(form.model, request.waitingFor) : undefined;
  return { nodes, waitingHint: waitingFor && !locked ? selectFirstMessage(waitingFor, lang) : undefined };
}
