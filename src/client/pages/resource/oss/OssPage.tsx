import type { EntityModel } from '../../../../shared/schema/entity-model';
import { ConfirmDialog } from '../../../engine/common/ConfirmDialog';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { useConfigRows } from '../use-config-rows';
import { OssDebugDialog } from './OssDebugDialog';

function OssScreen({ model }: { model: EntityModel }) {
  const rows = useConfigRows('oss');
  return (
    <>
      <ResourcePage model={model} rowExtras={rows.rowExtras} />
      {rows.debugging && <OssDebugDialog ossCode={String(rows.debugging.ossCode ?? '')} onClose={rows.closeDebug} />}
      <ConfirmDialog {...rows.confirmProps} />
    </>
  );
}

/** 对象存储 (Saber resource/oss.vue): the engine's list plus 调试 (admin roles) and 启用 (`oss_enable`). */
export function OssPage() {
  return <RouteModel>{(model) => <OssScreen model={model} />}</RouteModel>;
}
