import { timingSafeEqual } from 'node:crypto';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../../shared/errors.js';
import { systemContext, type AppServices } from '../../app-services.js';

export interface OAuthClient {
  clientId: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `Authorization: Basic base64(clientId:secret)` checked against blade_client. */
export async function checkClient(services: AppServices, request: FastifyRequest): Promise<OAuthClient> {
  const header = String(request.headers.authorization ?? '').replace(/^Basic(%20|\s)+/i, '');
  if (!header) throw unauthorized('auth.clientMissing');
  const [clientId, secret = ''] = Buffer.from(header, 'base64').toString('utf8').split(':');
  const model = services.model('system/client');
  const field = fieldOf(model, 'clientId')!;
  const [row] = await services.system.repo.list(model, systemContext(), { conditions: [{ field, op: 'equal', value: clientId }], order: [] });
  // The secret is x-secret: lists never carry it.
  const client = row && (await services.system.repo.findByKey(model, systemContext(), String(row.id), true));
  if (!client || !sameText(String(client.clientSecret), secret)) throw unauthorized('auth.clientInvalid');
  return {
    clientId: String(client.clientId),
    accessTokenValidity: Number(client.accessTokenValidity) || 3600,
    refreshTokenValidity: Number(client.refreshTokenValidity) || 604800,
  };
}
