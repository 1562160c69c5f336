import { useState } from 'react';
import AppsIcon from '@mui/icons-material/Apps';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { IconPickerDialog } from './IconPickerDialog';
import { SourceIcon } from '../../../icons/SourceIcon';
import { useEngineText } from '../../common/use-engine-text';
import { isWidgetLocked, pick } from './widget-field';

/**
 * An icon class (menu `source`): a text input showing the icon it names, with a button
 * that opens the icon picker. Typing stays possible for classes outside the catalogue.
 */
export function IconWidget(props: WidgetProps) {
  const { t } = useEngineText();
  const [picking, setPicking] = useState(false);
  const BaseInput = getTemplate('BaseInputTemplate', props.registry, props.options);
  const locked = isWidgetLocked(props);
  const value = typeof props.value === 'string' ? props.value : undefined;
  return (
    <>
      <BaseInput
        {...props}
        InputProps={{
          startAdornment: (
            <InputAdornment position="start">
              <SourceIcon source={value} />
            </InputAdornment>
          ),
          endAdornment: (
            <InputAdornment position="end">
              <IconButton id={`${props.id}_pick`} aria-label={t('pickIcon')} title={t('pickIcon')} disabled={locked} onClick={() => setPicking(true)} edge="end">
                <AppsIcon />
              </IconButton>
            </InputAdornment>
          ),
        }}
      />
      {picking && (
        <IconPickerDialog
          value={value}
          onClose={() => setPicking(false)}
          onPick={(picked) => {
            setPicking(false);
            pick(props, picked);
          }}
        />
      )}
    </>
  );
}
