import { message, translate, type TextKey, type TextParams, type Translatable } from './i18n/translate.js';

/** Stable error codes. */
export const ErrorCodes = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  DUPLICATE_KEY: 'DUPLICATE_KEY',
  RESOURCE_NOT_FOUND: 'RESOURCE_NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  HAS_CHILDREN: 'HAS_CHILDREN',
  /** The table no longer matches its schema file (db:migrate fixes it). */
  SCHEMA_DRIFT: 'SCHEMA_DRIFT',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export interface AppErrorOptions {
  /** Defaults from the status: 401 UNAUTHORIZED, 403 FORBIDDEN, 404 RESOURCE_NOT_FOUND, else BAD_REQUEST. */
  code?: ErrorCode;
  /** The form input the message belongs next to (it becomes `fieldErrors[field]`). */
  field?: string;
  /** Field → message, for forms. */
  fieldErrors?: Readonly<Record<string, Translatable>>;
  /** The answer's `data` (default `{}`): what the caller needs to mend the request (a rejected import's rows and error workbook). */
  data?: unknown;
}

function codeFor(status: number): ErrorCode {
  if (status === 401) return ErrorCodes.UNAUTHORIZED;
  if (status === 403) return ErrorCodes.FORBIDDEN;
  if (status === 404) return ErrorCodes.RESOURCE_NOT_FOUND;
  return status >= 500 ? ErrorCodes.INTERNAL : ErrorCodes.BAD_REQUEST;
}

/** Marks an AppError of any copy of this module (see AppError's `Symbol.hasInstance`). */
const APP_ERROR = Symbol.for('atrium.AppError');

/**
 * A refusal that carries its text untranslated (a catalogue key and parameters, or a
 * schema's `{zh, en}`); the error handler puts it into the caller's language once.
 */
export class AppError extends Error {
  /**
   * `error instanceof AppError` holds for an AppError made by another copy of this module: a
   * hook file the bundled server compiles on its own (entity-hook-files.ts) imports its own
   * copy through `atrium/hooks`. Subclasses keep the ordinary prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== AppError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[APP_ERROR] === true;
  }

  readonly text: Translatable;
  readonly code: ErrorCode;
  readonly fieldErrors?: Readonly<Record<string, Translatable>>;
  readonly data?: unknown;

  constructor(text: TextKey | Translatable, params?: TextParams, readonly status = 400, opts: AppErrorOptions = {}) {
    const translatable = typeof text === 'string' ? message(text, params) : 'key' in text && params ? message(text.key, { ...text.params, ...params }) : text;
    super(translate('en', translatable)); // the English text, for logs
    Object.defineProperty(this, APP_ERROR, { value: true });
    this.name = 'AppError';
    this.text = translatable;
    this.code = opts.code ?? codeFor(status);
    this.fieldErrors = opts.fieldErrors ?? (opts.field ? { [opts.field]: translatable } : undefined);
    if (opts.data !== undefined) this.data = opts.data;
  }
}

export const badRequest = (key: TextKey, params?: TextParams) => new AppError(key, params);

export const notFound = () => new AppError('common.notFound', undefined, 404);

export const unauthorized = (key: TextKey = 'auth.unauthorized') => new AppError(key, undefined, 401);

export const forbidden = (key: TextKey, params?: TextParams) => new AppError(key, params, 403);
