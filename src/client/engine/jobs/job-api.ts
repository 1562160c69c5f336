import { request } from '../../api/http';
import { downloadFile } from '../../api/download';

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** A background job as /api/atrium/jobs answers it. */
export interface JobView {
  id: string;
  kind: 'export' | 'import';
  model: string;
  modelLabel: string;
  fileName: string;
  state: JobState;
  done: number;
  total: number | null;
  written: number;
  failed: number;
  error: string;
  hasFile: boolean;
  createTime: string;
}

const BASE = '/atrium/jobs';

export const isOpen = (job: JobView) => job.state === 'queued' || job.state === 'running';

/** Starts an export of the list with its current parameters (filters, sort); paging is the job's own. */
export function startExport(model: string, params: Record<string, unknown>): Promise<JobView> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key !== 'current' && key !== 'size' && value !== undefined && value !== null && value !== '') query[key] = String(value);
  }
  return request<JobView>({ method: 'POST', url: `${BASE}/export`, data: { model, query } });
}

/** Starts an import of the workbook; `fields` go with it in the form (the user import's `isCovered`). */
export function startImport(model: string, file: File, fields: Record<string, string> = {}): Promise<JobView> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file);
  return request<JobView>({ method: 'POST', url: `${BASE}/import`, params: { model }, form });
}

export const getJob = (id: string) => request<JobView>({ url: `${BASE}/${id}`, silent: true });

export const listJobs = () => request<JobView[]>({ url: BASE, silent: true });

export const cancelJob = (id: string) => request<JobView>({ method: 'POST', url: `${BASE}/${id}/cancel` });

export const downloadJobFile = (job: JobView) => downloadFile({ url: `${BASE}/${job.id}/file`, fallbackName: `${job.fileName}.xlsx` });

export const downloadTemplate = (model: string, name: string) => downloadFile({ url: `${BASE}/template`, params: { model }, fallbackName: `${name}.xlsx` });
