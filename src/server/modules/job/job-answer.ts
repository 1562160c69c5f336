import { translate, type TextKey } from '../../../shared/i18n/translate.js';
import type { Lang } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { Job } from './job-store.js';

/**
 * A timestamptz as PostgreSQL writes it ('2026-12-01 18:46:55.467+00') → an ISO 8601 instant
 * ('2026-12-01T18:46:55.467Z'), which the console shows in the user's own time zone.
 */
function isoInstant(text: string): string {
  const date = new Date(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** A job as the console sees it: no context, no file paths; the failure in the caller's language. */
export function jobAnswer(services: AppServices, job: Job, lang: Lang) {
  const model = services.models.find((m) => m.key === job.modelKey);
  return {
    id: job.id,
    kind: job.kind,
    model: job.modelKey,
    modelLabel: model ? model.label[lang] : job.modelKey,
    fileName: job.fileName,
    state: job.state,
    done: job.done,
    total: job.total,
    written: job.written,
    failed: job.failed,
    error: job.errorKey ? translate(lang, job.errorKey as TextKey, job.errorParams) : '',
    hasFile: job.resultFile !== '',
    cancelRequested: job.cancelRequested,
    createTime: isoInstant(job.createTime),
    finishTime: job.finishTime === null ? null : isoInstant(job.finishTime),
  };
}
