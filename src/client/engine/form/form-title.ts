import type { EntityModel, Lang } from '../../../shared/schema/entity-model';

/**
 * A form dialog's title: the mode's verb and one record of the entity (`x-label-one`):
 * 编辑用户 in zh, "Edit user" in en (the verb capitalized, the noun as the schema wrote it).
 */
export function formTitle(input: { model: EntityModel; lang: Lang; verb: string }): string {
  const { model, lang, verb } = input;
  const one = (model.labelOne ?? model.label)[lang];
  if (lang === 'zh') return `${verb}${one}`;
  return `${verb.charAt(0).toUpperCase()}${verb.slice(1)} ${one}`;
}
