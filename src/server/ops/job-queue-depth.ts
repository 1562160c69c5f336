import type { AppServices } from '../app-services.js';

/** Jobs per state now (e.g. `{queued: 3, running: 1}`), as the background job runner counts them. */
export type JobQueueDepth = () => Promise<Record<string, number>>;

const readers = new WeakMap<AppServices, JobQueueDepth>();

/**
 * The hook a background job runner fills at start so GET /metrics shows
 * `atrium_job_queue_depth{state}`; until one does, the gauge has no samples.
 */
export function reportJobQueueDepth(services: AppServices, read: JobQueueDepth): void {
  readers.set(services, read);
}

export function jobQueueDepthOf(services: AppServices): JobQueueDepth | undefined {
  return readers.get(services);
}
