import type { FastifyRequest } from 'fastify';
import { headerOf } from './token-body.js';

/** The department and role a token is asked for (headers Dept-Id / Role-Id, the console's switch dialog). */
export interface SwitchChoice {
  deptId?: string;
  roleId?: string;
}

export function switchChoiceOf(request: FastifyRequest): SwitchChoice {
  return { deptId: headerOf(request, 'dept-id') || undefined, roleId: headerOf(request, 'role-id') || undefined };
}

/**
 * BladeX: when the asked id is one of the user's own, the token is issued for that one;
 * anything else is ignored. A choice can only narrow what the user holds, never widen it.
 */
export function narrowTo(own: string[], wanted: string | undefined): string[] {
  return wanted && own.includes(wanted) ? [wanted] : own;
}
