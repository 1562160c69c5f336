import type { AppServices } from '../../app-services.js';
import type { Config } from '../../config.js';
import type { SharedStore } from '../../store/shared-store.js';
import { loadJwtKey } from './jwt-key.js';
import { TokenService } from './token-service.js';

const services = new WeakMap<AppServices, TokenService>();

/** The app's token service: the auth module's own, also the engine's `Authenticator`. */
export function createTokenService(config: Readonly<Config>, store: SharedStore): TokenService {
  return new TokenService({ key: loadJwtKey(config), store });
}

export function attachTokenService(app: AppServices, tokens: TokenService): void {
  services.set(app, tokens);
}

/** The token service of this app (issuing, refreshing, ending sessions). */
export function tokensOf(app: AppServices): TokenService {
  const tokens = services.get(app);
  if (!tokens) throw new Error('the auth module has no token service for this app');
  return tokens;
}
