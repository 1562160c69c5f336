import { createHash } from 'node:crypto';
import { baseUrl } from './browser.js';

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** Direct API calls for test set-up, signed in like the console (md5 password). */
export class ApiClient {
  private constructor(private readonly headers: Record<string, string>, private readonly server: string) {}

  /** Signs in on the suite's server, or on `baseUrl` when a test runs its own. */
  static async signIn(opts: { tenantId?: string; username?: string; password: string; baseUrl?: string }): Promise<ApiClient> {
    const server = opts.baseUrl ?? baseUrl();
    const query = new URLSearchParams({
      tenantId: opts.tenantId ?? '000000', username: opts.username ?? 'admin', grant_type: 'password', scope: 'all',
      password: createHash('md5').update(opts.password).digest('hex'),
    });
    const res = await fetch(`${server}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC } });
    const body = (await res.json()) as { access_token?: string; error_description?: string };
    if (!body.access_token) throw new Error(`sign-in failed: ${body.error_description}`);
    return new ApiClient({ Authorization: BASIC, 'Blade-Auth': `bearer ${body.access_token}` }, server);
  }

  async get<T = any>(path: string, params: Record<string, string> = {}): Promise<T> {
    const res = await fetch(`${this.server}/api${path}?${new URLSearchParams(params)}`, { headers: this.headers });
    return this.data<T>(res, path);
  }

  async post<T = any>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.server}/api${path}`, { method: 'POST', headers: { ...this.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return this.data<T>(res, path);
  }

  /** A multipart upload of one file in the field `file` (oss endpoints). */
  async upload<T = any>(path: string, file: { name: string; bytes: Uint8Array<ArrayBuffer>; type?: string }): Promise<T> {
    const form = new FormData();
    form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
    const res = await fetch(`${this.server}/api${path}`, { method: 'POST', headers: this.headers, body: form });
    return this.data<T>(res, path);
  }

  private async data<T>(res: Response, path: string): Promise<T> {
    const body = (await res.json()) as { code: number; data: T; msg: string };
    if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`);
    return body.data;
  }

  /** Menu ids by code, from the menu tree. */
  async menuIds(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    const walk = (nodes: any[]) => nodes.forEach((n) => { out[n.code] = String(n.id); walk(n.children ?? []); });
    walk(await this.get('/blade-system/menu/list'));
    return out;
  }
}
