import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/use-lang';
import { findMenuByPath } from '../session/menu-tree';
import type { MenuNode } from '../session/session-types';
import { useSession } from '../session/use-session';
import { findModelByRoute } from './find-model';
import { layoutPathOf } from './layout-page-paths';
import { IFRAME_PREFIX, routeTitleKeys } from './paths';
import { useEntityModels } from './use-entity-models';

/**
 * Resolves a path's title in the current language: a fixed route's text, the page
 * name an external-page tab carries (`?name=`), the entity's label, the menu item's
 * translated code (`menu.<code>`, for the seeded groups), else the server's menu name;
 * undefined for an unknown path.
 */
export function useRouteTitle(): (path: string) => string | undefined {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const { menu } = useSession();
  const { models } = useEntityModels();
  const labelOfNode = useCallback(
    (node: MenuNode) => (node.code && i18n.exists(`menu.${node.code}`) ? t(`menu.${node.code}`) : node.name),
    [t, i18n],
  );
  return useCallback(
    (path: string) => {
      const [bare, query = ''] = path.split('?');
      const key = routeTitleKeys[bare] ?? routeTitleKeys[layoutPathOf(bare) ?? ''];
      if (key) return t(key);
      if (bare.startsWith(IFRAME_PREFIX)) return new URLSearchParams(query).get('name') || t('route.iframe');
      const label = findModelByRoute(models, bare)?.label[lang];
      if (label) return label;
      const node = findMenuByPath(menu, bare);
      return node ? labelOfNode(node) : undefined;
    },
    [t, lang, menu, models, labelOfNode],
  );
}
