/**
 * RECIPES_WORKERS compared (issue 22, item 8): req/s of one cheap route (`/recipes/{id}`) and one
 * search-bound route (`/search`) with 1 and 2 workers, as a ratio measured in one run.
 *
 * This machine's speed drifts and other work shares its cores, so two figures taken minutes apart
 * do not compare. Both servers are started first (each waits for its background verification), then
 * the load alternates between them in short rounds (1, 2, 1, 2, …) on the same route: each round of
 * the 2-worker server is paired with the round of the 1-worker server just before it, and the ratio
 * is the median of the paired ratios. The load generator (autocannon, in this process) needs a core
 * of its own, so on a 2-core machine the second worker competes with it: the ratio is a floor.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, settle, startServer, type ServerStart } from './http.ts';
import { stop } from './proc.ts';

export interface WorkersResult {
  workers: number;
  route: string;
  /** Median of the rounds. */
  reqPerSec: number;
  /** Every round's req/s, in order. */
  roundsReqPerSec?: number[];
  /** Worst round. */
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** req/s ÷ the 1-worker req/s: the median of the rounds' paired ratios (absent for 1 worker). */
  ratio?: number;
  /** The paired ratios, in order. */
  roundRatios?: number[];
  /** 1-minute load average when the route's rounds started and ended. */
  loadAverage?: [number, number];
}

export interface WorkersOptions {
  bins: { server: string };
  dataDir: string;
  connections: number;
  /** Seconds of load per server and route, split into `rounds`. */
  seconds: number;
  searchQuery: string;
  log: (s: string) => void;
  /** Default 4 (2 in quick runs, whose seconds are short). */
  rounds?: number;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round3 = (x: number) => Math.round(x * 1000) / 1000;

export async function workersBench(o: WorkersOptions, counts: readonly number[] = [1, 2]): Promise<WorkersResult[]> {
  const rounds = o.rounds ?? (o.seconds < 8 ? 2 : 4);
  const roundSeconds = Math.max(1, Math.round(o.seconds / rounds));
  const states: string[] = [];
  const servers: { workers: number; start: ServerStart; base: string }[] = [];
  try {
    for (const workers of counts) {
      const state = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-workers-'));
      states.push(state);
      const start = await startServer(o.bins.server, o.dataDir, state, workers);
      servers.push({ workers, start, base: `http://127.0.0.1:${start.port}` });
    }
    // Loaded only after every server's background hashing is over.
    await Promise.all(servers.map((s) => s.start.verified));
    const list = (await (await fetch(`${servers[0]!.base}/recipes?limit=1`)).json()) as { recipes?: { id: string }[] };
    const paths: [string, string][] = [
      ['/recipes/{id}', `/recipes/${list.recipes?.[0]?.id ?? 'unknown'}`],
      ['/search', `/search?query=${encodeURIComponent(o.searchQuery)}`],
    ];
    const out: WorkersResult[] = [];
    for (const [route, p] of paths) {
      const loadStart = os.loadavg()[0]!;
      const runs = new Map<number, Awaited<ReturnType<typeof load>>[]>(counts.map((n) => [n, []]));
      for (let r = 0; r < rounds; r++) {
        for (const s of servers) {
          o.log(`http workers=${s.workers} ${route}, round ${r + 1} of ${rounds}…`);
          await settle(`${s.base}/healthz`);
          runs.get(s.workers)!.push(await load(s.base + p, o.connections, roundSeconds));
        }
      }
      const loadAverage: [number, number] = [loadStart, os.loadavg()[0]!];
      const baseline = runs.get(counts[0]!)!.map((x) => x.reqPerSec);
      for (const workers of counts) {
        const xs = runs.get(workers)!;
        const rps = xs.map((x) => x.reqPerSec);
        const row: WorkersResult = {
          workers,
          route,
          reqPerSec: Math.round(median(rps)),
          roundsReqPerSec: rps,
          p99Ms: Math.max(...xs.map((x) => x.p99Ms)),
          non2xx: xs.reduce((a, x) => a + x.non2xx, 0),
          errors: xs.reduce((a, x) => a + x.errors, 0),
          loadAverage,
        };
        if (workers !== counts[0]) {
          row.roundRatios = rps.map((x, i) => round3(x / Math.max(1, baseline[i]!)));
          row.ratio = round3(median(row.roundRatios));
        }
        out.push(row);
      }
    }
    return out;
  } finally {
    await Promise.all(servers.map((s) => stop(s.start.child)));
    for (const state of states) fs.rmSync(state, { recursive: true, force: true });
  }
}
