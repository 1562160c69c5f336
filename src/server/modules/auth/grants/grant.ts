import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OAuthClient } from '../client-check.js';
import type { Params } from '../token-body.js';

/** One call of the token endpoint, the client already checked. */
export interface GrantCall {
  request: FastifyRequest;
  reply: FastifyReply;
  client: OAuthClient;
  params: Params;
}

/** A grant type: answers the token body or a token error (never throws for a refusal). */
export type Grant = (call: GrantCall) => Promise<unknown>;

/** The tenant a grant signs in to: parameter tenantId, else header Tenant-Id, else 000000. */
export function tenantOf(call: GrantCall): string {
  const header = call.request.headers['tenant-id'];
  return call.params.tenantId || String((Array.isArray(header) ? header[0] : header) ?? '') || '000000';
}
