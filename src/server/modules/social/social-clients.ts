import { badRequest } from '../../../shared/errors.js';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import { systemContext, type AppServices } from '../../app-services.js';
import type { Condition } from '../../engine/conditions.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { providers } from './provider-registry.js';
import type { ProviderEndpoints, SocialClientSettings, SocialSource } from './providers/social-provider.js';

export const SOCIAL_CLIENT_MODEL = 'system/social-client';

const URL_FIELDS = ['authorizeUrl', 'tokenUrl', 'userInfoUrl', 'redirectUri'] as const;

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The tenant's enabled row for a source, secret included. */
async function enabledRow(services: AppServices, tenantId: string, source: SocialSource): Promise<EntityRecord | undefined> {
  const model = services.model(SOCIAL_CLIENT_MODEL);
  const ctx = systemContext(tenantId);
  const field = (name: string) => fieldOf(model, name)!;
  const conditions: Condition[] = [{ field: field('source'), op: 'equal', value: source }, { field: field('enabled'), op: 'equal', value: 1 }];
  const [row] = await services.system.repo.list(model, ctx, { conditions, order: [] });
  return row && services.system.repo.findByKey(model, ctx, String(row.id), true);
}

/**
 * One tenant's client at a provider: its blade_social_client row (enabled) over the
 * provider's default endpoints; the redirect URI defaults to `fallbackRedirect` (the
 * console's callback on the host the request came to). Refuses a missing row and URLs
 * that are not http(s).
 */
export async function socialClientSettings(services: AppServices, opts: { tenantId: string; source: SocialSource; fallbackRedirect: string }): Promise<SocialClientSettings> {
  const row = await enabledRow(services, opts.tenantId, opts.source);
  if (!row || !row.clientSecret) throw badRequest('social.notConfigured', { source: opts.source });
  const defaults: ProviderEndpoints = providers[opts.source].defaults;
  const pick = (name: keyof ProviderEndpoints) => String(row[name] || '').trim() || defaults[name];
  const settings: SocialClientSettings = {
    source: opts.source,
    clientId: String(row.clientId),
    clientSecret: String(row.clientSecret),
    authorizeUrl: pick('authorizeUrl'),
    tokenUrl: pick('tokenUrl'),
    userInfoUrl: pick('userInfoUrl'),
    scope: pick('scope'),
    redirectUri: String(row.redirectUri || '').trim() || opts.fallbackRedirect,
  };
  for (const name of URL_FIELDS) {
    if (!isHttpUrl(settings[name])) throw badRequest('social.badUrl', { name });
  }
  return settings;
}
