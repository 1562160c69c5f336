import type { AppServices } from '../../app-services.js';
import type { Grant } from './grants/grant.js';
import type { SessionIssuer } from './session-issuer.js';

/** A grant type another module adds to the token endpoint, built once the issuer exists. */
export interface GrantExtension {
  name: string;
  grant: (issuer: SessionIssuer) => Grant;
}

/** A guest's name and picture live in its third-party row (the social module's). */
export type GuestAvatar = (tenantId: string, oauthId: string) => Promise<string>;

interface SignInExtensions {
  grants: GrantExtension[];
  guestAvatar?: GuestAvatar;
}

const extensions = new WeakMap<AppServices, SignInExtensions>();

function extensionsOf(services: AppServices): SignInExtensions {
  let found = extensions.get(services);
  if (!found) extensions.set(services, (found = { grants: [] }));
  return found;
}

/**
 * The phone and third-party sign-ins plug into the auth module from their own modules
 * (sms, social), so that auth imports neither: they read its sessions, it reads nothing of theirs.
 */
export function registerGrant(services: AppServices, grant: GrantExtension): void {
  extensionsOf(services).grants.push(grant);
}

export function registerGuestAvatar(services: AppServices, avatar: GuestAvatar): void {
  extensionsOf(services).guestAvatar = avatar;
}

/** The grants the other modules registered, read when the token route is mounted (after every module's setup). */
export function extensionGrants(services: AppServices): readonly GrantExtension[] {
  return extensionsOf(services).grants;
}

/** A guest's avatar, '' without the social module. */
export function guestAvatarOf(services: AppServices, opts: { tenantId: string; oauthId: string }): Promise<string> {
  return extensionsOf(services).guestAvatar?.(opts.tenantId, opts.oauthId) ?? Promise.resolve('');
}
