import { accessTokenOf, callProvider, withQuery, type ProviderBody } from './provider-http.js';
import type { ProviderEndpoints, SocialProfile, SocialProvider } from './social-provider.js';

/**
 * RFC 6749 authorization code with PKCE (RFC 7636): the browser goes to the authorize
 * URL; the code is redeemed with a form POST carrying the client's id and secret; the
 * user is read with the access token as a bearer (or, for `tokenInQuery`, as the
 * access_token parameter, Gitee's v5 API). GitHub, Gitee and any OIDC server speak it.
 */
export function standardOAuth2(opts: { defaults: ProviderEndpoints; toProfile(user: ProviderBody): SocialProfile; tokenInQuery?: boolean }): SocialProvider {
  return {
    defaults: opts.defaults,
    authorizeUrl: ({ settings, state, codeChallenge }) => withQuery(settings.authorizeUrl, {
      response_type: 'code',
      client_id: settings.clientId,
      redirect_uri: settings.redirectUri,
      scope: settings.scope,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    }),
    async fetchProfile({ settings, code, codeVerifier }) {
      const token = accessTokenOf(await callProvider(settings.tokenUrl, {
        method: 'POST',
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: settings.redirectUri,
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          code_verifier: codeVerifier,
        },
      }));
      const user = opts.tokenInQuery
        ? await callProvider(withQuery(settings.userInfoUrl, { access_token: token }))
        : await callProvider(settings.userInfoUrl, { headers: { authorization: `Bearer ${token}` } });
      return opts.toProfile(user);
    },
  };
}
