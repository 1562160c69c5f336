import type { EntityModel } from '../../../../shared/schema/entity-model';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { useConfigRows } from '../use-config-rows';
import { OssDebugDialog } from './OssDebugDialog';

function OssScreen({ model }: { model: EntityModel }) {
  const rows = useConfigRows();
  return (
    <>
      <ResourcePage model={model} rowExtras={rows.rowExtras} />
      {rows.debugging && <OssDebugDialog ossCode={String(rows.debugging.ossCode ?? '')} onClose={rows.closeDebug} />}
    </>
  );
}

/** 对象存储 (Saber resource/oss.vue): the engine's list plus 调试 (admin roles); 启用 is the schema's x-actions. */
export function OssPage() {
  return <RouteModel>{(model) => <OssScreen model={model} />}</RouteModel>;
}
