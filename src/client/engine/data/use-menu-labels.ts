import { useCallback, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityModel, FieldOptions, MenuButton } from '../../../shared/schema/entity-model';
import type { MenuNode } from '../../session/session-types';
import { useSession } from '../../session/use-session';
import { useEngineText } from '../common/use-engine-text';
import { EntityModelsContext } from '../entity-models-context';
import type { TreeRow } from './tree';

const STANDARD_ACTIONS = new Set(['add', 'edit', 'delete', 'view']);
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function menusById(menu: readonly MenuNode[], into = new Map<string, MenuNode>()): Map<string, MenuNode> {
  for (const node of menu) {
    into.set(String(node.id), node);
    if (node.children) menusById(node.children, into);
  }
  return into;
}

/**
 * Labels of menu rows in the user's language, as the sidebar names them: a screen by its
 * entity's x-label, a seeded group by its `menu.<code>` text, a button under a screen by its
 * action's label; anything else (a scope rule, a hand-made menu) keeps its stored name.
 */
export function useMenuLabels(options: FieldOptions | undefined): (nodes: TreeRow[]) => TreeRow[] {
  const { menu } = useSession();
  const models = useContext(EntityModelsContext);
  const { t: translate, i18n } = useTranslation();
  const { lang, t } = useEngineText();
  const byId = useMemo(() => menusById(menu), [menu]);
  // A menu's path is its screen's route (`/desk/notice/index`) or the screen's menu path itself.
  const modelOfPath = useCallback((path: string | undefined) => {
    const menuPath = path?.replace(/\/index$/, '');
    return menuPath ? models.find((m) => m.menu?.path === menuPath) : undefined;
  }, [models]);

  const buttonLabel = useCallback((model: EntityModel, name: string): string | undefined => {
    const button: MenuButton | undefined = model.menu?.buttons.find((b) => b.name === name);
    if (!button) return undefined;
    if (STANDARD_ACTIONS.has(button.action)) return capitalized(t(button.action as 'add'));
    return model.actions.find((a) => a.permission === `${model.permission}_${button.action}`)?.label[lang];
  }, [lang, t]);

  const labelOf = useCallback((row: TreeRow, parent: TreeRow | undefined, name: string): string => {
    const node = byId.get(String(row[options?.valueKey ?? 'value'] ?? row.id));
    if (node) {
      const model = modelOfPath(node.path);
      if (model) return model.label[lang];
      if (node.code && i18n.exists(`menu.${node.code}`)) return translate(`menu.${node.code}`);
      return name;
    }
    const parentNode = parent && byId.get(String(parent[options?.valueKey ?? 'value'] ?? parent.id));
    const model = modelOfPath(parentNode?.path);
    return (model && buttonLabel(model, name)) ?? name;
  }, [byId, options?.valueKey, modelOfPath, lang, i18n, translate, buttonLabel]);

  return useCallback((nodes: TreeRow[]) => {
    // Chinese is what the rows store (the seeded names): they stay as they are.
    if (!options?.menuLabels || lang === 'zh') return nodes;
    const key = options.labelKey;
    const relabel = (rows: TreeRow[], parent?: TreeRow): TreeRow[] => rows.map((row) => {
      const children = Array.isArray(row.children) ? relabel(row.children as TreeRow[], row) : row.children;
      return { ...row, [key]: labelOf(row, parent, String(row[key] ?? '')), ...(children ? { children } : {}) };
    });
    return relabel(nodes);
  }, [options?.menuLabels, options?.labelKey, labelOf, lang]);
}
