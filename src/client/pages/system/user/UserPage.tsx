import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import { ConfirmDialog } from '../../../engine/common/ConfirmDialog';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { UserImportDialog } from './UserImportDialog';
import { UserPlatformDialog } from './UserPlatformDialog';
import { useUserToolbar } from './use-user-toolbar';

/**
 * The user module's `submit` (add and edit under the user rules) is the module's, so the
 * schema does not list it, yet the screen's add and edit buttons need it.
 */
const fromUserPage = (model: EntityModel): EntityModel => ({
  ...model,
  endpoints: { ...model.endpoints, submit: { action: 'submit', kind: 'submit', method: 'POST', where: [], params: {}, searchable: false } },
});

function UserScreen({ model: schemaModel }: { model: EntityModel }) {
  const model = useMemo(() => fromUserPage(schemaModel), [schemaModel]);
  const { t } = useTranslation();
  const toolbar = useUserToolbar();
  const { dialog } = toolbar;
  return (
    <>
      <ResourcePage
        model={model}
        toolbarExtras={toolbar.extras}
        jobExport={toolbar.isAdmin}
        exportConfirm={t('pages.user.exportConfirm')}
      />
      {dialog?.kind === 'import' && <UserImportDialog onClose={toolbar.closeDialog} onImported={toolbar.reloadList} />}
      {dialog?.kind === 'platform' && <UserPlatformDialog model={model} onClose={toolbar.closeDialog} />}
      <ConfirmDialog {...toolbar.confirmProps} />
    </>
  );
}

/**
 * 用户管理 (Saber system/user.vue): the department tree beside the user list (the schema's
 * x-list.sideTree: a pick filters by deptId), and the toolbar's role grant, password reset, unlock, import and
 * export. The list, search and form are the engine's, from the user schema. 导出 (admin
 * roles) asks 是否导出用户数据? and starts the list's export job with its search and the
 * department picked: the server's user export (the export-user workbook) with progress in 任务.
 */
export function UserPage() {
  return <RouteModel>{(model) => <UserScreen model={model} />}</RouteModel>;
}
