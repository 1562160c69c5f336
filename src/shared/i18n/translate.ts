import type { Lang, LocalText } from '../schema/entity-model.js';
import { en } from './catalogue/en.js';
import { zh, type Catalogue } from './catalogue/zh.js';

/** The one catalogue of server texts, by language. */
export const catalogue: Record<Lang, Catalogue> = { zh, en };

/** A catalogue address: `namespace.key`, e.g. `auth.captchaWrong`. */
export type TextKey = { [N in keyof Catalogue]: `${N & string}.${keyof Catalogue[N] & string}` }[keyof Catalogue];

/** A text not yet in a language: a catalogue key with its parameters. */
export interface Message {
  readonly key: TextKey;
  readonly params?: TextParams;
}

/** What can be put into a language later: a catalogue message, or a schema's own `{zh, en}`. */
export type Translatable = Message | LocalText;

/** Parameters: values (shown as text), or texts to translate in the same language (a label, a nested message). */
export type TextParams = Readonly<Record<string, unknown>>;

export const message = (key: TextKey, params?: TextParams): Message => (params ? { key, params } : { key });

export function isTranslatable(value: unknown): value is Translatable {
  if (typeof value !== 'object' || value === null) return false;
  return typeof (value as Message).key === 'string' || (typeof (value as LocalText).zh === 'string' && typeof (value as LocalText).en === 'string');
}

/** The text a key names in a language (the key itself if the catalogue lacks it). */
function template(lang: Lang, key: string): string {
  const [ns, name] = key.split('.', 2) as [keyof Catalogue, string];
  return (catalogue[lang][ns] as Record<string, string> | undefined)?.[name] ?? key;
}

/** Fills `{name}` placeholders of a text that is not in the catalogue (the code generator's own). */
export function fillPlaceholders(text: string, params: TextParams = {}): string {
  return fill('zh', text, params);
}

/** Fills `{name}` placeholders (`${name}` is left as written); a placeholder without a value becomes empty. */
function fill(lang: Lang, text: string, params: TextParams = {}): string {
  return text.replace(/(?<!\$)\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    return isTranslatable(value) ? translate(lang, value) : String(value ?? '');
  });
}

/** A key (with parameters) or a translatable text, in the given language. */
export function translate(lang: Lang, text: TextKey | Translatable, params?: TextParams): string {
  if (typeof text === 'string') return fill(lang, template(lang, text), params);
  if ('key' in text) return fill(lang, template(lang, text.key), { ...text.params, ...params });
  return params ? fill(lang, text[lang], params) : text[lang];
}

/** Several texts joined, in every language (labels named in one message). */
export function joinTexts(texts: readonly LocalText[], separator = ', '): LocalText {
  return { zh: texts.map((t) => t.zh).join(separator), en: texts.map((t) => t.en).join(separator) };
}

/** zh unless the header asks for English first. */
export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
