import { badRequest } from '../../../shared/errors.js';

export type SmsParams = Record<string, string>;

/**
 * The `params` of send-message: a JSON object of scalars. Saber's debug dialog suggests
 * `{'code':2333}`, which BladeX's lenient Jackson reads, so single quotes are accepted
 * when the text has no double quote.
 */
export function parseSmsParams(raw: string | undefined): SmsParams {
  const text = (raw ?? '').trim();
  if (!text) return {};
  const json = text.includes('"') ? text : text.replace(/'/g, '"');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw badRequest('sms.paramsInvalid');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('sms.paramsInvalid');
  const out: SmsParams = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'object' && v !== null) throw badRequest('sms.paramsInvalid');
    out[key] = v === null ? '' : String(v);
  }
  return out;
}

/** `${name}` and `#name#` placeholders (BladeX templates, yunpian's) filled from the params. */
export function fillTemplate(template: string, params: SmsParams): string {
  return template.replace(/\$\{(\w+)\}|#(\w+)#/g, (whole, a?: string, b?: string) => params[(a ?? b)!] ?? whole);
}
