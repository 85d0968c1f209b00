/**
 * `node dist/server.cjs` as a child process on a free loopback port, with its own state
 * directory: what the reliability suite attacks. Needs `npm run build` first (CI runs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../helpers/redis-server.ts';

export { freePort };

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = join(ROOT, 'dist/server.cjs');
const START_TIMEOUT_MS = 20_000;

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  stateDir: string;
  /** Everything the server wrote to stderr and stdout so far. */
  log(): string;
  exited: Promise<number | null>;
  /** Resident memory in MB (from /proc). */
  rssMb(): number;
  /** SIGKILL if still running, and remove the state directory unless `keepState`. */
  dispose(keepState?: boolean): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}, stateDir?: string, port?: number): Promise<ServerProcess> {
  if (!existsSync(ENTRY)) throw new Error('dist/server.cjs is missing: run `npm run build` before `npm run test:reliability`.');
  const state = stateDir ?? mkdtempSync(join(tmpdir(), 'rdb-rel-'));
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(p), HOST: '127.0.0.1', RECIPES_STATE: join(state, 'state'), RECIPES_VERIFY: 'size', RECIPES_WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!out.includes('"listening"')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    child,
    port: p,
    stateDir: join(state, 'state'),
    log: () => out,
    exited,
    rssMb: () => {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : NaN;
    },
    async dispose(keepState = false) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      if (!keepState && stateDir === undefined) rmSync(state, { recursive: true, force: true });
    },
  };
}

/** p-th percentile (0..100) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** `n` sequential GETs on fresh connections; their latencies in ms and statuses. */
export async function probe(port: number, path: string, n: number, gapMs = 0): Promise<{ ms: number[]; statuses: number[] }> {
  const ms: number[] = [];
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Connection: 'close' } });
    await res.arrayBuffer();
    ms.push(performance.now() - t0);
    statuses.push(res.status);
    if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
  }
  return { ms, statuses };
}
