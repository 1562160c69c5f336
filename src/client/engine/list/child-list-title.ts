import type { EntityModel, Lang, ListView } from '../../../shared/schema/entity-model';
import type { ResourceRow } from '../data/resource-api';

/** Saber's "[<name>]字典配置": the parent row's label in brackets, then the child view's title. */
export function childListTitle(input: {
  model: EntityModel;
  view: ListView;
  row: ResourceRow;
  lang: Lang;
  fallback: string;
}): string {
  const { model, view, row, lang, fallback } = input;
  const labelField = model.tree?.labelField ?? view.columns[0]?.field ?? model.primaryKey;
  const name = row[labelField] ?? row.title ?? '';
  const title = view.children?.title?.[lang] ?? fallback;
  return lang === 'zh' ? `[${String(name)}]${title}` : `[${String(name)}] ${title}`;
}
