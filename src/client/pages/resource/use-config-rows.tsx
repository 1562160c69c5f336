import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceRow } from '../../engine/data/resource-api';
import type { RowExtra } from '../../engine/extensions';
import { useSession } from '../../session/use-session';
import { hasRole } from '../shared/role-name';

/**
 * The row button shared by the OSS and SMS screens (Saber oss.vue / sms.vue): 调试 for
 * admin roles opens the page's debug dialog with the row. 启用 is the schemas' x-actions.
 */
export function useConfigRows() {
  const { t } = useTranslation();
  const isAdmin = hasRole(useSession().userInfo?.role_name, 'admin');
  const [debugging, setDebugging] = useState<ResourceRow>();
  const rowExtras: RowExtra[] = [
    { key: 'debug', label: t('pages.resource.debug'), visible: isAdmin, onClick: ({ row }) => setDebugging(row) },
  ];
  return { rowExtras, debugging, closeDebug: () => setDebugging(undefined) };
}
