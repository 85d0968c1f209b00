/**
 * Keep-alive clients that each send their next request as soon as the last answer is read, until
 * the server refuses new connections or `untilMs` passes. Counts answers, resets and refusals.
 */
import { Agent, request } from 'node:http';

export interface LoadResult {
  answered: number;
  /** Answers that asked to close the connection. */
  closing: number;
  statuses: Record<number, number>;
  /** ECONNRESET, "socket hang up" and other failures on an open connection. */
  resets: string[];
  refused: number;
}

/** `onAnswer` sees the running count after each answer (a test can wait for load before acting). */
export async function keepAliveLoad(port: number, path: string, clients: number, untilMs: number, onAnswer?: (answered: number) => void): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const result: LoadResult = { answered: 0, closing: 0, statuses: {}, resets: [], refused: 0 };
  const deadline = Date.now() + untilMs;
  const one = (): Promise<'ok' | 'refused' | 'reset'> =>
    new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          result.answered++;
          result.statuses[res.statusCode ?? 0] = (result.statuses[res.statusCode ?? 0] ?? 0) + 1;
          if (res.headers.connection === 'close') result.closing++;
          onAnswer?.(result.answered);
          resolve('ok');
        });
        res.on('error', (e) => {
          result.resets.push(e.message);
          resolve('reset');
        });
      });
      req.on('error', (e: Error & { code?: string }) => {
        if (e.code === 'ECONNREFUSED') {
          result.refused++;
          resolve('refused');
        } else {
          result.resets.push(`${e.code ?? ''} ${e.message}`);
          resolve('reset');
        }
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        if ((await one()) === 'refused') return;
      }
    }),
  );
  agent.destroy();
  return result;
}
