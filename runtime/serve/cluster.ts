/**
 * RECIPES_WORKERS > 1 (issue 22, item 8): the primary process serves nothing itself; it forks the
 * workers (each a whole server: dataset, app, hardened listener; node:cluster shares the port),
 * replaces a worker that dies (after a back-off that grows with repeated crashes), forwards
 * SIGTERM/SIGINT (each worker drains as a single process does; the primary exits when all have)
 * and SIGHUP (each worker swaps its dataset), and relays a failed dataset verification, which one
 * worker runs, to every worker (all answer 503 and exit; the primary exits 1).
 *
 * SIGTERM/SIGINT in two steps, so that no client is reset. A single process stops listening before
 * it tells any client to reconnect (`Connection: close`), so a reconnect is refused, never reset.
 * With workers, one worker closing its listener does not close the port: the kernel keeps
 * completing connections while any process (another worker, or the primary, which holds the shared
 * socket until the last worker has let go) still has it, and those waiting when the socket finally
 * closes are reset. So the primary first asks every worker to stop accepting, waits until all
 * have said so (node:cluster closes the primary's copy of the socket when the last one lets go, as
 * it handles that worker's notice, which comes before its reply), and only then sends the signal
 * that starts each worker's drain: by then the port is closed, and a client told to reconnect is
 * refused.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '../http/context.ts';

/** Set in the environment of the one worker that hashes the dataset in the background. */
export const VERIFY_WORKER_ENV = 'RECIPES_WORKER_VERIFY';

/**
 * What workers and the primary tell each other: a failed verification (both ways), the primary's
 * request to stop accepting before a drain, and a worker's reply once its listener is closed.
 */
export type ClusterMessage = { type: 'corrupt'; error: string } | { type: 'stop-accepting' } | { type: 'not-accepting' };

const MESSAGE_TYPES: ReadonlySet<unknown> = new Set<ClusterMessage['type']>(['corrupt', 'stop-accepting', 'not-accepting']);

export function isClusterMessage(m: unknown): m is ClusterMessage {
  if (typeof m !== 'object' || m === null || !MESSAGE_TYPES.has((m as { type?: unknown }).type)) return false;
  return (m as { type: string }).type !== 'corrupt' || typeof (m as { error?: unknown }).error === 'string';
}

/** A worker that has not said it stopped accepting within this is signalled anyway. */
const STOP_ACCEPTING_TIMEOUT_MS = 2_000;

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
  /** Workers asked to stop accepting that have not answered yet (the first step of a stop). */
  let accepting: Set<Worker> | undefined;
  let signalAll: (() => void) | undefined;

  const fork = (verifier: boolean): void => {
    const w = cluster.fork({ [VERIFY_WORKER_ENV]: verifier ? '1' : '0' });
    live.add(w);
    w.on('listening', () => listened.add(w));
    w.on('message', (m: unknown) => {
      if (!isClusterMessage(m)) return;
      if (m.type === 'not-accepting') return notAccepting(w);
      if (m.type !== 'corrupt') return;
      exitCode = 1;
      stop('dataset verification failed');
      for (const other of live) if (other !== w) other.send(m);
    });
  };

  const notAccepting = (w: Worker): void => {
    accepting?.delete(w);
    if (accepting?.size === 0) signalAll?.();
  };

  /** Asks every listening worker to stop accepting; once all have (or after a timeout), signals every worker. */
  const closeThenSignal = (signal: NodeJS.Signals): void => {
    if (signalAll !== undefined) return;
    let timer: NodeJS.Timeout | undefined;
    let sent = false;
    signalAll = () => {
      if (sent) return;
      sent = true;
      clearTimeout(timer);
      for (const w of live) w.process.kill(signal);
    };
    accepting = new Set([...live].filter((w) => listened.has(w) && w.isConnected()));
    if (accepting.size === 0) return signalAll();
    timer = setTimeout(signalAll, STOP_ACCEPTING_TIMEOUT_MS);
    for (const w of accepting) w.send({ type: 'stop-accepting' } satisfies ClusterMessage);
  };

  const stop = (reason: string, signal?: NodeJS.Signals): void => {
    if (!stopping) logger.info('shutting down workers', { reason, workers: live.size });
    stopping = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
    if (signal) closeThenSignal(signal);
    if (live.size === 0) process.exit(exitCode);
  };

  cluster.on('exit', (w, code, signal) => {
    live.delete(w);
    notAccepting(w);
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
