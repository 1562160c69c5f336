import { useTranslation } from 'react-i18next';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { UserImportDialog } from './UserImportDialog';
import { useUserToolbar } from './use-user-toolbar';

/**
 * Kept only for 导入 (the import dialog) and 导出 (the export confirmation, admin roles):
 * another change brings schema keywords for both, and then this page goes. Everything else —
 * add and edit (the schema's submit), 角色配置, 密码重置, 账号解封, 审核通过, 平台配置 — is
 * the schema's and the engine's.
 */
function UserScreen({ model }: { model: EntityModel }) {
  const { t } = useTranslation();
  const toolbar = useUserToolbar();
  return (
    <>
      <ResourcePage
        model={model}
        toolbarExtras={toolbar.extras}
        jobExport={toolbar.isAdmin}
        exportConfirm={t('pages.user.exportConfirm')}
      />
      {toolbar.importing && <UserImportDialog onClose={toolbar.closeImport} onImported={toolbar.reloadList} />}
    </>
  );
}

/**
 * 用户管理 (Saber system/user.vue): the department tree beside the user list (the schema's
 * x-list.sideTree: a pick filters by deptId), the schema's actions, and the toolbar's import
 * and export. 导出 (admin roles) asks 是否导出用户数据? and starts the list's export job with
 * its search and the department picked: the server's user export (the export-user workbook)
 * with progress in 任务.
 */
export function UserPage() {
  return <RouteModel>{(model) => <UserScreen model={model} />}</RouteModel>;
}
