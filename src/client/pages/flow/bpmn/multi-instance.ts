/** 会签: how many of the parallel instances must approve; the texts the server's engine evaluates. */
export const COMPLETION = {
  all: '${nrOfCompletedInstances == nrOfInstances}',
  any: '${nrOfApproved >= 1}',
  ratio: (ratio: number) => `\${nrOfApproved / nrOfInstances >= ${ratio}}`,
};

export type CountersignMode = 'none' | 'all' | 'any' | 'ratio';

/** The mode and ratio a stored completion condition stands for (`none` without loop characteristics). */
export function readCountersign(condition: string | undefined, hasLoop: boolean): { mode: CountersignMode; ratio: number } {
  if (!hasLoop) return { mode: 'none', ratio: 0.6 };
  if (condition === COMPLETION.any) return { mode: 'any', ratio: 0.6 };
  const ratio = /nrOfApproved \/ nrOfInstances >= ([\d.]+)/.exec(condition ?? '');
  if (ratio) return { mode: 'ratio', ratio: Number(ratio[1]) };
  return { mode: 'all', ratio: 0.6 };
}

export function completionText(mode: Exclude<CountersignMode, 'none'>, ratio: number): string {
  return mode === 'ratio' ? COMPLETION.ratio(ratio) : COMPLETION[mode];
}
