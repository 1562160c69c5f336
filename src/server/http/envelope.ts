import { isTranslatable, message, type TextKey, type Translatable } from '../../shared/i18n/translate.js';

/** BladeX envelope `R`: success iff code is 200. `msg` is put into the caller's language when sent. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string | Translatable;
}

/** The success envelope; `msg` a catalogue key or a schema text, translated once by `translateEnvelopes`. */
export function ok<T>(data: T, msg?: TextKey | Translatable): Envelope<T> {
  const text = msg === undefined ? '操作成功' : typeof msg === 'string' ? message(msg) : msg;
  return { code: 200, success: true, data: data ?? ({} as T), msg: text };
}

/** A sent payload's untranslated `msg`, in the given language (anything else as it was). */
export function withTranslatedMsg(payload: unknown, translate: (text: Translatable) => string): unknown {
  if (typeof payload !== 'object' || payload === null || !('msg' in payload)) return payload;
  const msg = (payload as { msg: unknown }).msg;
  return isTranslatable(msg) ? { ...payload, msg: translate(msg) } : payload;
}
