import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../chrome/toast';
import type { ResourceRow } from '../../engine/data/resource-api';
import type { RowExtra } from '../../engine/extensions';
import { usePermissions } from '../../session/use-permissions';
import { useSession } from '../../session/use-session';
import { hasRole } from '../shared/role-name';
import { useConfirm } from '../shared/use-confirm';
import { enableConfig } from './resource-api';

/**
 * The row buttons shared by the OSS and SMS screens (Saber oss.vue / sms.vue): 调试 for
 * admin roles opens the page's debug dialog with the row; 启用 (`<kind>_enable`, or
 * `<kind>_edit` when the menu seed has no such button) asks, enables, toasts, reloads.
 */
export function useConfigRows(kind: 'oss' | 'sms') {
  const { t } = useTranslation();
  const flags = usePermissions();
  const isAdmin = hasRole(useSession().userInfo?.role_name, 'admin');
  const confirm = useConfirm();
  const [debugging, setDebugging] = useState<ResourceRow>();
  const mayEnable = flags[`${kind}_enable`] === true || flags[`${kind}_edit`] === true;
  const rowExtras: RowExtra[] = [
    { key: 'debug', label: t('pages.resource.debug'), visible: isAdmin, onClick: ({ row }) => setDebugging(row) },
    {
      key: 'enable',
      label: t('pages.resource.enable'),
      visible: mayEnable,
      onClick: ({ row, reload }) =>
        confirm.ask(t('pages.resource.enableConfirm'), async () => {
          await enableConfig(kind, String(row.id ?? ''));
          toast.success(t('pages.common.operationSuccess'));
          reload();
        }),
    },
  ];
  return { rowExtras, confirmProps: confirm.dialogProps, debugging, closeDebug: () => setDebugging(undefined) };
}
