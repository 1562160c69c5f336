import { useMemo, useState } from 'react';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import { ConfirmDialog } from '../../../engine/common/ConfirmDialog';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { DeptTree } from './DeptTree';
import { UserImportDialog } from './UserImportDialog';
import { UserPlatformDialog } from './UserPlatformDialog';
import { UserRoleDialog } from './UserRoleDialog';
import { useUserToolbar } from './use-user-toolbar';

/**
 * The user module's `page` answers the department subtree for `deptId`; the engine's `list`
 * cannot. Its `submit` (add and edit under the user rules) is the module's too, so the
 * schema does not list it, yet the screen's add and edit buttons need it.
 */
const fromUserPage = (model: EntityModel): EntityModel => ({
  ...model,
  list: { ...model.list, endpoint: 'page' },
  endpoints: { ...model.endpoints, submit: { action: 'submit', kind: 'submit', method: 'POST', where: [], params: {}, searchable: false } },
});

function UserScreen({ model: schemaModel }: { model: EntityModel }) {
  const model = useMemo(() => fromUserPage(schemaModel), [schemaModel]);
  const [deptId, setDeptId] = useState<string>();
  const toolbar = useUserToolbar();
  const { dialog } = toolbar;
  return (
    <>
      <ResourcePage
        model={model}
        aside={<DeptTree selected={deptId} onSelect={setDeptId} />}
        fixedParams={deptId ? { deptId } : undefined}
        toolbarExtras={toolbar.extras}
        jobExport={false}
      />
      {dialog?.kind === 'role' && <UserRoleDialog users={dialog.users} onClose={toolbar.closeDialog} onDone={toolbar.dialogDone} />}
      {dialog?.kind === 'import' && <UserImportDialog onClose={toolbar.closeDialog} onImported={toolbar.reloadList} />}
      {dialog?.kind === 'platform' && <UserPlatformDialog model={model} onClose={toolbar.closeDialog} />}
      <ConfirmDialog {...toolbar.confirmProps} />
    </>
  );
}

/**
 * 用户管理 (Saber system/user.vue): the department tree beside the user list (a pick
 * filters by deptId), and the toolbar's role grant, password reset, unlock, import and
 * export. The list, search and form are the engine's, from the user schema.
 */
export function UserPage() {
  return <RouteModel>{(model) => <UserScreen model={model} />}</RouteModel>;
}
