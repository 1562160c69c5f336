import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { WidgetProps } from '@rjsf/utils';
import { useEngineText } from '../../common/use-engine-text';
import { flattenTree, type FlatOption } from '../../data/tree';
import { splitValues } from '../../data/values';
import { useFieldOptions } from './use-field-options';
import { isWidgetLocked, pick, widgetField } from './widget-field';

function Side(props: { id: string; title: string; options: FlatOption[]; disabled: boolean; onPick: (value: string) => void }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="body2" sx={{ px: 1.5, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
        {props.title} ({props.options.length})
      </Typography>
      <List dense id={props.id} sx={{ height: 240, overflow: 'auto' }}>
        {props.options.map((o) => (
          <ListItemButton key={o.value} id={`${props.id}_${o.value}`} disabled={props.disabled} onClick={() => props.onPick(o.value)}>
            {o.label}
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}

/**
 * `transfer`: the field's `x-options` in two lists, 可选 left and 已选 right; a click moves an
 * option across (ids `<input id>_from_<value>` and `<input id>_to_<value>`). The value is the
 * chosen ids, in the options' order.
 */
export function TransferWidget(props: WidgetProps) {
  const { t } = useEngineText();
  const field = widgetField(props);
  const { nodes } = useFieldOptions(props);
  const options = field?.options ? flattenTree(nodes, field.options) : [];
  const chosen = new Set(splitValues(props.value, field?.options));
  const locked = isWidgetLocked(props);
  const toggle = (value: string) => {
    const next = new Set(chosen);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    pick(props, options.map((o) => o.value).filter((v) => next.has(v)));
  };
  const failed = (props.rawErrors?.length ?? 0) > 0;
  return (
    <FormControl fullWidth error={failed} required={props.required}>
      <FormLabel sx={{ mb: 1 }}>{props.label}</FormLabel>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Side id={`${props.id}_from`} title={t('transferOffered')} options={options.filter((o) => !chosen.has(o.value))} disabled={locked} onPick={toggle} />
        <Side id={`${props.id}_to`} title={t('transferChosen')} options={options.filter((o) => chosen.has(o.value))} disabled={locked} onPick={toggle} />
      </Box>
      {failed && <FormHelperText>{props.rawErrors![0]}</FormHelperText>}
    </FormControl>
  );
}
