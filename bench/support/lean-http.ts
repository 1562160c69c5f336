import net from 'node:net';

export interface Answer {
  status: number;
  body: string;
}

/**
 * One keep-alive HTTP/1.1 connection that sends its next request when the last was answered:
 * the mixed bench's load client. It shares the machine's two cores with the server it
 * measures, and node:http's client spent ≈ 0.15 ms of CPU a request there (parser, agent,
 * header objects); this one parses only the status line and Content-Length (what Fastify
 * sends with JSON; anything else fails loudly).
 */
export class LeanConnection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting?: { resolve: (answer: Answer) => void; reject: (error: Error) => void };

  /** `headers`: header lines sent with every request, each ending in \r\n. */
  constructor(port: number, private readonly headers: string) {
    this.socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.take(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  send(method: 'GET' | 'POST', path: string, body?: string): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const framing = payload ? `content-type: application/json\r\ncontent-length: ${payload.length}\r\n` : method === 'POST' ? 'content-length: 0\r\n' : '';
    const head = `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${this.headers}${framing}\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : head);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private take(chunk: Buffer): void {
    const all = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const end = all.indexOf('\r\n\r\n');
    if (end < 0) {
      this.buffered = all;
      return;
    }
    const head = all.subarray(0, end).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`an answer without Content-Length: ${head.slice(0, 200)}`));
    const total = end + 4 + Number(length[1]);
    if (all.length < total) {
      this.buffered = all;
      return;
    }
    this.buffered = Buffer.alloc(0);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve({ status: Number(head.slice(9, 12)), body: all.subarray(end + 4, total).toString() });
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}
