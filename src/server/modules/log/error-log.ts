import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityRecord } from '../../engine/record-codec.js';
import { requestFields } from './request-fields.js';
import { routeLabel, type EngineLookup } from './route-labels.js';
import type { ServerIdentity } from './server-identity.js';
import { stackLocation } from './stack-location.js';

const MAX_MESSAGE = 4000;
const MAX_STACK = 20_000;
const MAX_CAUSES = 3;

const SQLSTATE = /^[0-9A-Z]{5}$/;
const GENERIC_NAMES = new Set(['Error', 'error', '']);

/**
 * What was thrown: a database error by its SQLSTATE (drivers name their error classes
 * differently, PGlite's is minified), else the error's own name, else its class.
 */
function exceptionName(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code === 'string' && SQLSTATE.test(code) && typeof severity === 'string') return `DatabaseError ${code}`;
  if (!GENERIC_NAMES.has(error.name)) return error.name;
  return error.constructor?.name || 'Error';
}

/** The stack with the chain of causes, as Java prints "Caused by:". */
function fullStack(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let i = 0; i <= MAX_CAUSES && current !== undefined; i += 1) {
    parts.push(current instanceof Error ? current.stack ?? String(current) : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join('\nCaused by: ').slice(0, MAX_STACK);
}

/** Exception columns of blade_log_error: name, message, stack and where it was thrown. */
export function exceptionFields(error: unknown): EntityRecord {
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    exceptionName: exceptionName(error),
    message: (error instanceof Error ? error.message : String(error)).slice(0, MAX_MESSAGE),
    stackTrace: fullStack(error),
    ...stackLocation(stack),
  };
}

export interface ErrorLogInput {
  request: FastifyRequest;
  reply: FastifyReply;
  error: unknown;
  labels: EngineLookup;
  server: ServerIdentity;
}

/** The blade_log_error record of a request answered with a 5xx. */
export function errorLogRecord({ request, reply, error, labels, server }: ErrorLogInput): EntityRecord {
  const label = routeLabel(labels, request);
  return {
    ...requestFields(request, server),
    ...exceptionFields(error),
    methodClass: label.methodClass,
    methodName: label.methodName,
    time: Math.round(reply.elapsedTime),
  };
}
