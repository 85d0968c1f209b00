/**
 * A private redis-server for one test file: a free loopback port, a temporary directory, no
 * persistence. Not installed → the tests fail (never skip) with how to install it; CI installs it
 * in .ci/run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const START_TIMEOUT_MS = 10_000;

export interface RedisServer {
  url: string;
  port: number;
  /** Stop it (SIGTERM) and wait for the exit; start() brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP / SIGCONT: a Redis that accepts connections but never answers. */
  freeze(): void;
  thaw(): void;
  /** Stop and delete the directory. */
  dispose(): Promise<void>;
}

/** A free loopback port (also for the reliability suite's servers). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** One raw PING; true on +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(200, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d: Buffer) => done(d.toString().startsWith('+PONG')));
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    throw new Error(
      'redis-server is not installed, and the Redis store tests need it (they are not skipped). ' +
        'Install it with: apt-get install redis-server (CI does this in .ci/run).',
    );
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'rdb-redis-'));
  let child: ChildProcess | undefined;
  let log = '';

  const start = async (): Promise<void> => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
    child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await ping(port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`redis-server did not answer PING on port ${port}:\n${log.slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const stop = async (): Promise<void> => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill('SIGCONT');
    c.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
