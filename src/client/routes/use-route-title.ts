import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/use-lang';
import { findMenuByPath } from '../session/menu-tree';
import { useSession } from '../session/use-session';
import { findModelByRoute } from './find-model';
import { routeTitleKeys } from './route-table';
import { useEntityModels } from './use-entity-models';

/**
 * Resolves a path's title in the current language: a fixed route's text, else the
 * entity's label, else the menu item's name; undefined for an unknown path.
 */
export function useRouteTitle(): (path: string) => string | undefined {
  const { t } = useTranslation();
  const lang = useLang();
  const { menu } = useSession();
  const { models } = useEntityModels();
  return useCallback(
    (path: string) => {
      const bare = path.split('?')[0];
      const key = routeTitleKeys[bare];
      if (key) return t(key);
      return findModelByRoute(models, bare)?.label[lang] ?? findMenuByPath(menu, bare)?.name;
    },
    [t, lang, menu, models],
  );
}
