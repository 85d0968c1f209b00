/**
 * RECIPES_WORKERS > 1 (issue 22, item 8): the primary process serves nothing itself; it forks the
 * workers (each a whole server: dataset, app, hardened listener; node:cluster shares the port),
 * replaces a worker that dies (after a back-off that grows with repeated crashes), forwards
 * SIGTERM/SIGINT (each worker drains as a single process does; the primary exits when all have)
 * and SIGHUP (each worker swaps its dataset), and relays a failed dataset verification, which one
 * worker runs, to every worker (all answer 503 and exit; the primary exits 1).
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '../http/context.ts';

/** Set in the environment of the one worker that hashes the dataset in the background. */
export const VERIFY_WORKER_ENV = 'RECIPES_WORKER_VERIFY';

/** What workers and the primary tell each other. */
export type ClusterMessage = { type: 'corrupt'; error: string };

export function isClusterMessage(m: unknown): m is ClusterMessage {
  return typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'corrupt';
}

/** Delay before replacing a crashed worker: doubles with each crash in the last minute, up to 30 s. */
export function restartDelayMs(recentCrashes: number): number {
  return Math.min(30_000, 100 * 2 ** Math.max(0, recentCrashes - 1));
}

export function runPrimary(workers: number, logger: Logger): void {
  const live = new Set<Worker>();
  const listened = new WeakSet<Worker>();
  const crashes: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;
  let exitCode = 0;

  const fork = (verifier: boolean): void => {
    const w = cluster.fork({ [VERIFY_WORKER_ENV]: verifier ? '1' : '0' });
    live.add(w);
    w.on('listening', () => listened.add(w));
    w.on('message', (m: unknown) => {
      if (!isClusterMessage(m)) return;
      exitCode = 1;
      stop('dataset verification failed');
      for (const other of live) if (other !== w) other.send(m);
    });
  };

  const stop = (reason: string, signal?: NodeJS.Signals): void => {
    if (!stopping) logger.info('shutting down workers', { reason, workers: live.size });
    stopping = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
    if (signal) for (const w of live) w.process.kill(signal);
    if (live.size === 0) process.exit(exitCode);
  };

  cluster.on('exit', (w, code, signal) => {
    live.delete(w);
    if (stopping) {
      if (live.size === 0) process.exit(exitCode);
      return;
    }
    if (!listened.has(w)) {
      // It never listened: the dataset or the configuration is wrong, and a new one would fail too.
      exitCode = 1;
      logger.error('a worker failed to start: stopping', { pid: w.process.pid, code, signal });
      stop('a worker failed to start', 'SIGTERM');
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0]! < now - 60_000) crashes.shift();
    const delay = restartDelayMs(crashes.length);
    logger.error('worker died: replacing it', { pid: w.process.pid, code, signal, inMs: delay });
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopping) fork(false);
    }, delay);
    timers.add(t);
  });

  process.on('SIGTERM', () => stop('SIGTERM', 'SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT', 'SIGTERM'));
  process.on('SIGHUP', () => {
    for (const w of live) w.process.kill('SIGHUP');
  });
  // Workers accept from the shared listening socket themselves. With the default round-robin, the
  // primary accepts and hands connections over, and one handed to a worker that has begun to drain
  // is reset after its request was sent (measured: test/reliability/workers.test.ts).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  for (let i = 0; i < workers; i++) fork(i === 0);
}
