import type { HistoryStep } from '../flow-api';

/** Steps of an instance's history split into the ones running now (no end time) and the ones done. */
export function instanceMarkers(history: HistoryStep[]): { current: string[]; done: string[] } {
  const current = new Set<string>();
  const done = new Set<string>();
  for (const step of history) {
    if (!step.historyActivityId) continue;
    if (step.endTime) done.add(step.historyActivityId);
    else current.add(step.historyActivityId);
  }
  return { current: [...current], done: [...done].filter((id) => !current.has(id)) };
}
