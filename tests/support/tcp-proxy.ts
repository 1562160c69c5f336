import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './server-process.js';

/**
 * A TCP relay on a loopback port to a real server (PostgreSQL), which a test can cut —
 * open connections dropped, the port closed — and open again on the same port: the
 * server behind it "becomes unreachable" without being stopped for anyone else.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  open(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const proxy: TcpProxy = {
    port,
    open: () => new Promise((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    }),
    cut: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    }),
  };
  await proxy.open();
  return proxy;
}
