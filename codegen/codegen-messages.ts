import { translate, type TextKey } from '../src/shared/i18n/translate.js';
import type { Catalogue } from '../src/shared/i18n/catalogue/zh.js';
import type { Lang } from '../src/shared/schema/entity-model.js';

/** The generator's texts: the catalogue's `codegen` namespace (`{name}` placeholders). */
export type CodegenMessage = keyof Catalogue['codegen'];

/** Bad input to the generator: nothing was written. */
export class CodegenError extends Error {
  /** The catalogue key, for an AppError the server's error handler translates. */
  readonly textKey: TextKey;

  constructor(readonly key: CodegenMessage, readonly params: Record<string, string | number> = {}) {
    const textKey = `codegen.${key}` as TextKey;
    super(translate('en', textKey, params));
    this.name = 'CodegenError';
    this.textKey = textKey;
  }

  text(lang: Lang): string {
    return translate(lang, this.textKey, this.params);
  }
}
