import type { HistoryStep, InstanceView } from '../flow-api';

export interface Markers {
  current: string[];
  done: string[];
}

/**
 * The activities to mark on an instance's diagram: the server's own lists when
 * `model-view` gives them (they include gateways), else the history's steps — one
 * without an end time is running now.
 */
export function instanceMarkers(view: InstanceView, history: HistoryStep[]): Markers {
  const current = new Set<string>(view.activeActivityIds ?? []);
  const done = new Set<string>(view.finishedActivityIds ?? []);
  if (!view.activeActivityIds && !view.finishedActivityIds) {
    for (const step of history) {
      if (!step.historyActivityId) continue;
      if (step.endTime) done.add(step.historyActivityId);
      else current.add(step.historyActivityId);
    }
  }
  return { current: [...current], done: [...done].filter((id) => !current.has(id)) };
}
