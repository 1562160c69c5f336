import { AppError } from '../../../shared/errors.js';
import type { Catalogue } from '../../../shared/i18n/catalogue/zh.js';
import type { TextKey } from '../../../shared/i18n/translate.js';
import { CodegenError } from '../../../../codegen/index.js';
import { ExternalDbError } from '../../db/external/index.js';

/** The develop module's texts are the catalogue's `develop` namespace; the error handler translates. */
export type DevelopMessage = keyof Catalogue['develop'];

const key = (name: DevelopMessage) => `develop.${name}` as TextKey;

export function developError(name: DevelopMessage, params?: Record<string, string | number>, status = 400): AppError {
  return new AppError(key(name), params, status);
}

/** Connection and generator failures are bad input: a 400, translated by the error handler. */
export function asBadRequest(error: unknown): unknown {
  if (error instanceof ExternalDbError) return error;
  if (error instanceof CodegenError) return new AppError(error.textKey, error.params);
  return error;
}
