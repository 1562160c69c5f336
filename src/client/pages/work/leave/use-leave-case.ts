import { useAsync } from '../../shared/use-async';
import { diagramApi, leaveApi, workApi, type HistoryStep, type Row } from '../../flow/flow-api';
import { instanceMarkers } from '../../flow/bpmn/instance-markers';

export interface LeaveCase {
  leave: Row;
  history: HistoryStep[];
  xml: string;
  current: string[];
  done: string[];
}

async function loadCase(processInstanceId: string, businessId: string): Promise<LeaveCase> {
  const [leave, history, xml] = await Promise.all([
    leaveApi.detail(businessId),
    workApi.history(processInstanceId),
    diagramApi.instanceXml(processInstanceId),
  ]);
  return { leave: leave ?? {}, history, xml, ...instanceMarkers(history) };
}

/** A leave request with its process: the row, the steps so far and the diagram to mark them on. */
export function useLeaveCase(processInstanceId: string, businessId: string) {
  return useAsync(() => loadCase(processInstanceId, businessId), [processInstanceId, businessId]);
}
