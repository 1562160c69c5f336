import type { Lang, ListView } from '../../../shared/schema/entity-model';
import type { EngineMessageKey } from '../engine-messages';
import type { RowExtra } from '../extensions';
import type { ListPermissions } from './permissions';

/** A button of the row actions, as far as its width goes. */
export interface RowActionButton {
  label: string;
  hasIcon: boolean;
}

/** The buttons a row shows, in order (RowActions draws them; this sizes the 操作 column). */
export function rowActionButtons(input: {
  view: ListView;
  permissions: ListPermissions;
  t: (key: EngineMessageKey) => string;
  lang: Lang;
  /** A page's row buttons (counted whether or not a given row shows them). */
  extras?: RowExtra[];
}): RowActionButton[] {
  const { view, permissions, t, lang } = input;
  const engine = [
    permissions.canView && t('view'),
    permissions.canEdit && t('edit'),
    permissions.canDelete && t('delete'),
    view.mode !== 'page' && permissions.canAdd && t('addChild'),
    view.children && (view.children.title?.[lang] ?? t('configure')),
  ].filter((label): label is string => typeof label === 'string');
  return [
    ...engine.map((label) => ({ label, hasIcon: true })),
    ...(input.extras ?? []).map((extra) => ({ label: extra.label, hasIcon: extra.icon !== undefined })),
  ];
}

/** The cell's padding (0.5rem a side) and a little for the font's rounding. */
const CELL_PADDING = 18;
/** A small text button's padding (6 px a side) and its start icon (18 px, 2 px after, −2 before). */
const BUTTON_PADDING = 14;
const START_ICON = 17;

/**
 * Width in px of the 操作 column: what its buttons take as drawn (13 px text), no more, so the
 * data columns keep the rest.
 */
export function actionsWidth(buttons: RowActionButton[]): number {
  const textWidth = (label: string) => [...label].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 13 : 6.8), 0);
  const buttonWidth = (b: RowActionButton) => BUTTON_PADDING + (b.hasIcon ? START_ICON : 0) + textWidth(b.label);
  return Math.max(72, Math.ceil(buttons.reduce((w, b) => w + buttonWidth(b), CELL_PADDING)));
}
