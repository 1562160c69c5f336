import { useAsync } from '../../shared/use-async';
import { loadDiagram, type DiagramData } from '../../flow/bpmn/use-diagram';
import { leaveApi, type Row } from '../../flow/flow-api';

export interface LeaveCase extends DiagramData {
  leave: Row;
}

async function loadCase(processInstanceId: string, businessId: string): Promise<LeaveCase> {
  const [leave, diagram] = await Promise.all([leaveApi.detail(businessId), loadDiagram({ processInstanceId })]);
  return { leave: leave ?? {}, ...diagram };
}

/** A leave request with its process: the row, the steps so far and the diagram to mark them on. */
export function useLeaveCase(processInstanceId: string, businessId: string) {
  return useAsync(() => loadCase(processInstanceId, businessId), [processInstanceId, businessId]);
}
