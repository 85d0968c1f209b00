/**
 * HTTP: the real server (bundled, plain node) against the ceiling (ceiling.ts, same bytes from
 * memory), one route at a time, both loaded by autocannon on loopback with the same settings.
 * Also gives the server's cold start (spawn → first answered /recipes) and its RSS after load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { childEnv, freePort, rssMB, stop, waitForAnswer } from './proc.ts';

/** The part of autocannon's API used here (loaded with require: the package ships no types). */
interface Histogram {
  average: number;
  p99: number;
}
type Autocannon = (o: { url: string; connections: number; duration: number; pipelining: number }) => Promise<{
  requests: Histogram;
  latency: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
}>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface RouteResult {
  route: string;
  path: string;
  status: number;
  bytes: number;
  server?: { reqPerSec: number; p99Ms: number; non2xx: number; errors: number };
  ceiling?: { reqPerSec: number; p99Ms: number; non2xx: number; errors: number };
  /** server req/s ÷ ceiling req/s. */
  ratio?: number;
  na?: string;
}

export interface ServerStart {
  child: ChildProcess;
  port: number;
  /** Spawn → first answered GET /recipes, ms. */
  coldMs: number;
  /** Spawn → the background SHA-256 pass done ('dataset verified' logged), ms; load runs start after it. */
  verifiedMs?: number;
  /** Resolves when the server logs 'dataset verified' (never, if it does not). */
  verified: Promise<number>;
  rssAfterLoadMB?: number;
}

/** `workers`: RECIPES_WORKERS (1, a single process, unless the run compares worker counts). */
export async function startServer(bin: string, dataDir: string, stateDir: string, workers = 1): Promise<ServerStart> {
  const port = await freePort();
  fs.mkdirSync(stateDir, { recursive: true });
  const env = childEnv({ PORT: String(port), HOST: '127.0.0.1', RECIPES_DATA: dataDir, RECIPES_STATE: stateDir, RECIPES_DAILY_QUOTA: '1000000000', RECIPES_REQUIRE_KEY: 'false', RECIPES_WORKERS: String(workers) });
  const since = performance.now();
  const child = spawn(process.execPath, [bin], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  let onVerified: (ms: number) => void = () => {};
  const verified = new Promise<number>((resolve) => (onVerified = resolve));
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d;
    if (stderr.includes('"message":"dataset verified"')) onVerified(Math.round(performance.now() - since));
  });
  try {
    const first = await waitForAnswer(`http://127.0.0.1:${port}/recipes?limit=20`, since, 120_000, child);
    if (first.status !== 200) throw new Error(`GET /recipes answered ${first.status}`);
    return { child, port, coldMs: Math.round(first.ms), rssAfterLoadMB: rssMB(child.pid!), verified };
  } catch (e) {
    await stop(child);
    throw new Error(`${(e as Error).message}\n${stderr.slice(-2000)}`);
  }
}

/**
 * Waits until a server has drained what a load run left queued (requests whose clients timed out
 * are still computed): /healthz (or the ceiling's any path) must answer within 10 ms three times in
 * a row. Without this, a slow route's backlog steals CPU from the next measurement.
 */
export async function settle(url: string): Promise<void> {
  const until = performance.now() + 60_000;
  for (let quick = 0; quick < 3 && performance.now() < until; ) {
    const t = performance.now();
    await (await fetch(url)).arrayBuffer();
    quick = performance.now() - t < 10 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function load(url: string, connections: number, seconds: number) {
  const r = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return { reqPerSec: Math.round(r.requests.average), p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/**
 * Spawn → first answered GET of `path`, then killed; the median of `runs` starts (a single start
 * on a shared machine varies by ±30%). The first start also warms the page cache for the others.
 * The child's environment is childEnv's (without FOREIGN_ENV) unless `inherit`.
 */
export async function coldStartMedian(cmd: string[], path: string, env: NodeJS.ProcessEnv, runs: number, inherit = false): Promise<{ medianMs: number; samplesMs: number[] }> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    const since = performance.now();
    const child = spawn(process.execPath, cmd, { env: childEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }, inherit), stdio: ['ignore', 'ignore', 'ignore'] });
    try {
      const first = await waitForAnswer(`http://127.0.0.1:${port}${path}`, since, 60_000, child);
      if (first.status !== 200) throw new Error(`${cmd.join(' ')}: GET ${path} answered ${first.status}`);
      samples.push(Math.round(first.ms));
    } finally {
      await stop(child);
    }
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { medianMs: sorted[(sorted.length - 1) >> 1]!, samplesMs: samples };
}

export interface HttpOptions {
  bins: { server: string; ceiling: string };
  dataDir: string;
  connections: number;
  seconds: number;
  pantryIngredients: string;
  searchQuery: string;
  log: (s: string) => void;
}

export async function httpBench(o: HttpOptions): Promise<{ start: ServerStart; routes: RouteResult[]; rssAfterLoadMB?: number }> {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-state-'));
  const start = await startServer(o.bins.server, o.dataDir, state);
  const base = `http://127.0.0.1:${start.port}`;
  const routes: RouteResult[] = [];
  try {
    // The server hashes every file in the background right after it listens (RECIPES_VERIFY
    // default); load runs measure the steady state after it, not a start-up transient.
    o.log('http: waiting for the background verification…');
    let timer: ReturnType<typeof setTimeout> | undefined;
    start.verifiedMs = await Promise.race([start.verified, new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), 600_000)))]);
    clearTimeout(timer);
    const list = (await (await fetch(`${base}/recipes?limit=1`)).json()) as { recipes?: { id: string }[] };
    const id = list.recipes?.[0]?.id ?? 'unknown';
    const paths: [string, string][] = [
      ['/recipes (20 items)', '/recipes?limit=20'],
      ['/pantry', `/pantry?ingredients=${encodeURIComponent(o.pantryIngredients)}`],
      ['/search', `/search?query=${encodeURIComponent(o.searchQuery)}`],
      ['/recipes/{id}', `/recipes/${id}`],
    ];
    for (const [route, p] of paths) {
      const res = await fetch(base + p);
      const body = Buffer.from(await res.arrayBuffer());
      const row: RouteResult = { route, path: p, status: res.status, bytes: body.length };
      routes.push(row);
      if (res.status !== 200) {
        row.na = `answers ${res.status}: ${body.toString('utf8').slice(0, 120)}`;
        o.log(`http ${route}: ${row.na}`);
        continue;
      }
      o.log(`http ${route}: server…`);
      await settle(`${base}/healthz`);
      row.server = await load(base + p, o.connections, o.seconds);
      await settle(`${base}/healthz`);
      const file = path.join(state, 'body');
      fs.writeFileSync(file, body);
      const port = await freePort();
      const ceiling = spawn(process.execPath, [o.bins.ceiling, String(port), file, res.headers.get('content-type') ?? 'application/json'], { env: childEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve) => ceiling.stdout!.once('data', () => resolve()));
      o.log(`http ${route}: ceiling…`);
      row.ceiling = await load(`http://127.0.0.1:${port}${p}`, o.connections, o.seconds);
      await settle(`http://127.0.0.1:${port}/`);
      await stop(ceiling);
      row.ratio = Math.round((row.server.reqPerSec / Math.max(1, row.ceiling.reqPerSec)) * 1000) / 1000;
    }
    return { start, routes, rssAfterLoadMB: rssMB(start.child.pid!) };
  } finally {
    await stop(start.child);
    fs.rmSync(state, { recursive: true, force: true });
  }
}
