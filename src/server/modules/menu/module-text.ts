import type { Lang } from '../../../shared/schema/entity-model.js';
import { AppError, ErrorCodes } from '../../../shared/errors.js';

/** A module's own zh/en texts; `{name}` is filled from params (`${name}` is left alone: it is shown to users). */
export function textCatalogue<K extends string>(texts: Record<Lang, Record<K, string>>) {
  return (lang: Lang, key: K, params: Record<string, unknown> = {}): string =>
    texts[lang][key].replace(/(?<!\$)\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** A refusal in the request's language; with `field`, the form shows it next to that input. */
export function refusal(text: string, opts: { field?: string; status?: 400 | 403 } = {}): AppError {
  const status = opts.status ?? 400;
  return new AppError({
    code: status === 403 ? ErrorCodes.FORBIDDEN : ErrorCodes.BAD_REQUEST,
    status,
    text,
    fieldErrors: opts.field ? { [opts.field]: text } : undefined,
  });
}
