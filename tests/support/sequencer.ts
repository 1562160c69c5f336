import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';
import { HEAVY_FILES } from './heavy-files.js';

/**
 * Vitest's order (longest first, from the durations of the last run it cached), with one
 * difference for a run with no such cache (a new clone, CI after `npm ci`): the files known to
 * be heaviest start first instead of the largest files, so neither worker is left with a minute
 * of work while the other has none. vitest's own sequencer is loaded only when tests run:
 * vite.config.ts, which names this class, is read by `vite build` too.
 */
export class HeaviestFirst implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await vitestSequencer(this.ctx)).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await (await vitestSequencer(this.ctx)).sort(files);
    const known = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${relativePath(spec)}`) !== undefined;
    if (sorted.some(known)) return sorted;
    const weight = (spec: TestSpecification) => {
      const at = HEAVY_FILES.indexOf(relativePath(spec));
      return at === -1 ? HEAVY_FILES.length : at;
    };
    // vitest's order keeps each group's and project's files together: reorder within each, stably.
    const runs: TestSpecification[][] = [];
    for (const spec of sorted) {
      const last = runs.at(-1)?.[0];
      if (last && last.project === spec.project) runs.at(-1)!.push(spec);
      else runs.push([spec]);
    }
    return runs.flatMap((run) => [...run].sort((a, b) => weight(a) - weight(b)));
  }
}

async function vitestSequencer(ctx: Vitest): Promise<TestSequencer> {
  const { BaseSequencer } = await import('vitest/node');
  return new BaseSequencer(ctx);
}

function relativePath(spec: TestSpecification): string {
  return spec.moduleId.slice(spec.project.config.root.length).replace(/^\//, '');
}
