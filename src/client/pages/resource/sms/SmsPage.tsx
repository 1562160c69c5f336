import type { EntityModel } from '../../../../shared/schema/entity-model';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { useConfigRows } from '../use-config-rows';
import { SmsDebugDialog } from './SmsDebugDialog';

function SmsScreen({ model }: { model: EntityModel }) {
  const rows = useConfigRows();
  return (
    <>
      <ResourcePage model={model} rowExtras={rows.rowExtras} />
      {rows.debugging && <SmsDebugDialog smsCode={String(rows.debugging.smsCode ?? '')} onClose={rows.closeDebug} />}
    </>
  );
}

/** 短信配置 (Saber resource/sms.vue): the engine's list plus 调试 (admin roles); 启用 is the schema's x-actions. */
export function SmsPage() {
  return <RouteModel>{(model) => <SmsScreen model={model} />}</RouteModel>;
}
