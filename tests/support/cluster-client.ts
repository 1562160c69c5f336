import http from 'node:http';
import { md5Hex } from '../../src/server/seed/run-seed.js';

/* An HTTP client for several server processes, as a load balancer or a retrying client
   would be: keep-alive connections per process, every request to the next process in turn. */

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export interface Answer {
  status: number;
  body: any;
  /** From sending to the whole answer. */
  ms: number;
}

const agents = new Map<number, http.Agent>();
const agentFor = (port: number) => {
  if (!agents.has(port)) agents.set(port, new http.Agent({ keepAlive: true, maxSockets: 128 }));
  return agents.get(port)!;
};

/** Ends every kept-alive connection (at the end of a run). */
export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** A request that reached no answer: the process is gone, refused or cut the connection, or did not answer in time. */
export class ConnectionError extends Error {
  constructor(readonly port: number, readonly code: string) {
    super(`127.0.0.1:${port}: ${code}`);
  }
}

/** One request to the process on `port`; rejects with ConnectionError when no answer comes. */
export function request(port: number, method: 'GET' | 'POST', path: string, opts: { headers?: Record<string, string>; body?: object; timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now();
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers = { ...opts.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: agentFor(port) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error: NodeJS.ErrnoException) => reject(new ConnectionError(port, error.code ?? error.message)));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let parsed: unknown = text;
        try { parsed = JSON.parse(text); } catch { /* not JSON: kept as text */ }
        resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - started });
      });
    });
    req.setTimeout(opts.timeoutMs ?? 15_000, () => req.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => reject(new ConnectionError(port, error.code ?? error.message)));
    req.end(body);
  });
}

/** Whether an answer is the envelope of a success. */
export const succeeded = (answer: Answer) => answer.status === 200 && answer.body?.code === 200;

export async function signIn(port: number, password: string, username = 'admin'): Promise<Answer> {
  const query = new URLSearchParams({ tenantId: '000000', username, password: md5Hex(password), grant_type: 'password', scope: 'all' });
  return request(port, 'POST', `/api/blade-auth/oauth/token?${query}`, { headers: { authorization: BASIC, 'tenant-id': '000000' } });
}

/** The headers of a signed-in administrator. */
export async function signedIn(port: number, password: string): Promise<Record<string, string>> {
  const answer = await signIn(port, password);
  if (!answer.body?.access_token) throw new Error(`sign-in on ${port} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { authorization: BASIC, 'tenant-id': '000000', 'blade-auth': `bearer ${answer.body.access_token}` };
}

export interface Delivery {
  answer: Answer;
  port: number;
  /** The processes that failed to answer before one did (each try). */
  connectionErrors: ConnectionError[];
}

/**
 * Requests spread round-robin over `ports`; a request that gets no answer (connection
 * refused or cut) is sent again to the next process, up to every process twice.
 */
export class FailoverClient {
  private turn = 0;

  constructor(private readonly ports: number[], public headers: Record<string, string>) {}

  async send(method: 'GET' | 'POST', path: string, body?: object): Promise<Delivery> {
    const connectionErrors: ConnectionError[] = [];
    // Retries go on from this request's own turn: with the shared counter, other requests
    // moving it meanwhile could send every try to the same dead process.
    const first = this.turn++;
    for (let attempt = 0; attempt < 2 * this.ports.length; attempt++) {
      const port = this.ports[(first + attempt) % this.ports.length];
      try {
        return { answer: await request(port, method, path, { headers: this.headers, body }), port, connectionErrors };
      } catch (error) {
        if (!(error instanceof ConnectionError)) throw error;
        connectionErrors.push(error);
        if ((attempt + 1) % this.ports.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error(`no process answered ${method} ${path}: ${connectionErrors.map((e) => e.message).join(', ')}`);
  }
}
