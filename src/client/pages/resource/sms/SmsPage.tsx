import type { EntityModel } from '../../../../shared/schema/entity-model';
import { ConfirmDialog } from '../../../engine/common/ConfirmDialog';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { useConfigRows } from '../use-config-rows';
import { SmsDebugDialog } from './SmsDebugDialog';

function SmsScreen({ model }: { model: EntityModel }) {
  const rows = useConfigRows('sms');
  return (
    <>
      <ResourcePage model={model} rowExtras={rows.rowExtras} />
      {rows.debugging && <SmsDebugDialog smsCode={String(rows.debugging.smsCode ?? '')} onClose={rows.closeDebug} />}
      <ConfirmDialog {...rows.confirmProps} />
    </>
  );
}

/** 短信配置 (Saber resource/sms.vue): the engine's list plus 调试 (admin roles) and 启用 (`sms_enable`). */
export function SmsPage() {
  return <RouteModel>{(model) => <SmsScreen model={model} />}</RouteModel>;
}
