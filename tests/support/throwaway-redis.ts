import { spawnSync } from 'node:child_process';
import { freePort } from './server-process.js';

/** Whether redis-server and redis-cli are installed (suites that stop a Redis skip otherwise). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0 && spawnSync('redis-cli', ['--version']).status === 0;

const redisCli = (port: number, ...args: string[]) => spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' });

/** A Redis of a suite's own on a free port, without persistence, that the suite may stop and start again. */
export interface ThrowawayRedis {
  port: number;
  url: string;
  start(): Promise<void>;
  stop(): void;
  /** Freezes the server (SIGSTOP): connections stay open and nothing is answered until `resume`. */
  pause(): void;
  resume(): void;
}

export async function throwawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  let paused: number | undefined;
  const redis: ThrowawayRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      spawnSync('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--daemonize', 'yes']);
      for (let i = 0; i < 50 && redisCli(port, 'ping').stdout.trim() !== 'PONG'; i += 1) await new Promise((r) => setTimeout(r, 100));
    },
    stop() {
      redis.resume();
      redisCli(port, 'shutdown', 'nosave');
    },
    pause() {
      paused = Number(/process_id:(\d+)/.exec(redisCli(port, 'info', 'server').stdout)![1]);
      process.kill(paused, 'SIGSTOP');
    },
    resume() {
      if (paused) process.kill(paused, 'SIGCONT');
      paused = undefined;
    },
  };
  await redis.start();
  return redis;
}
