import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no type declarations; the test uses a few documented calls only.
// @ts-expect-error -- untyped package
import Provider from 'oidc-provider';

/** A person at the provider, with the GitHub-shaped claims its userinfo answers. */
export interface ProviderAccount {
  id: number;
  login: string;
  name: string;
  avatar_url: string;
  email: string;
}

export interface OidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const shut = (server: Server) => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });

/**
 * A real OpenID Connect provider (the oidc-provider package) on loopback: one
 * confidential client (client_secret_post, PKCE required), the accounts given, the
 * package's own sign-in and consent pages (devInteractions), userinfo with GitHub's
 * field names so the `github` provider of the registry reads it unchanged.
 */
export async function startOidcServer(opts: { redirectUri: string; accounts: Record<string, ProviderAccount> }): Promise<OidcServer> {
  let handler: (req: any, res: any) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  const issuer = `http://127.0.0.1:${await listen(server)}`;
  const clientId = 'atrium-test-client';
  const clientSecret = 'atrium-test-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [{
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [opts.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    }],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['id', 'login', 'name', 'avatar_url', 'email'] },
    cookies: { keys: ['atrium-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, sub: string) {
      const account = opts.accounts[sub];
      return account && { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
  });
  handler = provider.callback();
  return { issuer, clientId, clientSecret, close: () => shut(server) };
}

/** The console's callback stand-in: records each /oauth/redirect/<source>?code&state it receives. */
export async function startRedirectCatcher(): Promise<{ url(source: string): string; last(): URLSearchParams | undefined; close(): Promise<void> }> {
  let received: URLSearchParams | undefined;
  const server = createServer((req, res) => {
    received = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('signed in at the provider');
  });
  const port = await listen(server);
  return { url: (source) => `http://127.0.0.1:${port}/oauth/redirect/${source}`, last: () => received, close: () => shut(server) };
}
