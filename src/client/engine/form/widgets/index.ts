import type { Widget } from '@rjsf/utils';
import type { WidgetName } from '../../../../shared/schema/entity-model';
import { DateTimeWidget } from './DateTimeWidget';
import { DictRadioWidget } from './DictRadioWidget';
import { DictSelectWidget } from './DictSelectWidget';
import { FileWidget } from './FileWidget';
import { GridWidget } from './GridWidget';
import { IconWidget } from './IconWidget';
import { RichTextWidget } from './RichTextWidget';
import { SecretWidget } from './SecretWidget';
import { SelectWidget } from './SelectWidget';
import { SwitchWidget } from './SwitchWidget';
import { themeWidget } from './theme-widget';
import { TransferWidget } from './TransferWidget';
import { TreeCheckWidget } from './TreeCheckWidget';
import { TreeSelectWidget } from './TreeSelectWidget';

/** Every widget a schema may name (`x-widget`); keyed by the union so a gap fails to compile. */
export const widgets: Record<WidgetName, Widget> = {
  text: themeWidget('TextWidget'),
  textarea: themeWidget('TextareaWidget', { rows: 4 }),
  number: themeWidget('UpDownWidget'),
  password: SecretWidget,
  switch: SwitchWidget,
  'dict-select': DictSelectWidget,
  'dict-radio': DictRadioWidget,
  'tree-select': TreeSelectWidget,
  select: SelectWidget,
  datetime: DateTimeWidget,
  richtext: RichTextWidget,
  icon: IconWidget,
  'tree-check': TreeCheckWidget,
  transfer: TransferWidget,
  file: FileWidget,
  grid: GridWidget,
};
