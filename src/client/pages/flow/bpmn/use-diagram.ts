import { useAsync } from '../../shared/use-async';
import { diagramApi, workApi, type HistoryStep } from '../flow-api';
import { instanceMarkers } from './instance-markers';

/** What a diagram shows: a deployed definition, or an instance (with its steps marked). */
export type DiagramSource = { processDefinitionId: string } | { processInstanceId: string };

export interface DiagramData {
  xml: string;
  current: string[];
  done: string[];
  history: HistoryStep[];
}

export async function loadDiagram(source: DiagramSource): Promise<DiagramData> {
  if ('processDefinitionId' in source) {
    return { xml: await diagramApi.definitionXml(source.processDefinitionId), current: [], done: [], history: [] };
  }
  const [view, history] = await Promise.all([diagramApi.instanceView(source.processInstanceId), workApi.history(source.processInstanceId)]);
  return { xml: view.xml, history, ...instanceMarkers(view, history) };
}

/** Loads a diagram's XML (and an instance's history) when the source changes. */
export function useDiagram(source: DiagramSource | undefined) {
  const key = source ? JSON.stringify(source) : '';
  return useAsync(() => (source ? loadDiagram(source) : Promise.resolve(undefined)), [key]);
}
