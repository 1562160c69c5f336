import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import LinearProgress from '@mui/material/LinearProgress';
import { ActionDialog } from '../../../components/ActionDialog';
import { CheckboxTree } from '../../../components/CheckboxTree';
import type { ResourceRow } from '../../../engine/data/resource-api';
import { splitValues } from '../../../engine/data/values';
import { joinIds } from '../../shared/selection';
import { useAsync } from '../../shared/use-async';
import { useSubmit } from '../../shared/use-submit';
import { fetchRoleTree, grantRoles } from './user-api';

export interface UserRoleDialogProps {
  users: ResourceRow[];
  onClose: () => void;
  onDone: () => void;
}

/**
 * 用户角色配置: the role tree with a checkbox per role (check-strictly, as Saber); one
 * user's roles start checked. 确定 overwrites the roles of every selected user.
 */
export function UserRoleDialog({ users, onClose, onDone }: UserRoleDialogProps) {
  const { t } = useTranslation();
  const roles = useAsync(fetchRoleTree, []);
  const [checked, setChecked] = useState<string[]>(() => (users.length === 1 ? splitValues(users[0].roleId) : []));
  const { busy, run } = useSubmit(onDone);

  return (
    <ActionDialog
      id="user_role_dialog"
      title={t('pages.user.roleDialog')}
      width={400}
      busy={busy}
      submitDisabled={roles.loading}
      onSubmit={() => void run(() => grantRoles({ userIds: joinIds(users), roleIds: checked }))}
      onClose={onClose}
    >
      {roles.loading && <LinearProgress />}
      <CheckboxTree id="user_role" nodes={roles.data ?? []} checked={checked} strict onChange={setChecked} maxHeight={420} />
    </ActionDialog>
  );
}
