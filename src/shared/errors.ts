import type { MessageKey } from './i18n/messages.js';

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

export interface AppErrorInit {
  code: ErrorCode;
  /** Envelope code and HTTP status. */
  status: number;
  /** Catalogue key, or a text already in the request's language. */
  messageKey?: MessageKey;
  text?: string;
  params?: Record<string, unknown>;
  /** Field → message, for forms. */
  fieldErrors?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageKey?: MessageKey;
  readonly text?: string;
  readonly params: Record<string, unknown>;
  readonly fieldErrors?: Record<string, string>;

  constructor(init: AppErrorInit) {
    super(init.text ?? init.messageKey ?? init.code);
    this.name = 'AppError';
    this.code = init.code;
    this.status = init.status;
    this.messageKey = init.messageKey;
    this.text = init.text;
    this.params = init.params ?? {};
    this.fieldErrors = init.fieldErrors;
  }
}

export const badRequest = (messageKey: MessageKey, params?: Record<string, unknown>) =>
  new AppError({ code: ErrorCodes.BAD_REQUEST, status: 400, messageKey, params });

export const notFound = () => new AppError({ code: ErrorCodes.RESOURCE_NOT_FOUND, status: 404, messageKey: 'not.found' });

export const unauthorized = (messageKey: MessageKey = 'unauthorized') =>
  new AppError({ code: ErrorCodes.UNAUTHORIZED, status: 401, messageKey });
