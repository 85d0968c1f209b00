/** Renders the bench results (results.json) as the markdown report. */
import os from 'node:os';
import type { LatencyResult } from './latency.ts';
import type { RouteResult, ServerStart } from './http.ts';
import type { WorkersResult } from './workers.ts';
import type { Timing } from './measure.ts';
import type { Profile } from './fidelity.ts';

export interface BuildResult {
  recipes: number;
  inputMB?: number;
  generateMs?: number;
  wallS?: number;
  maxRssMB?: number;
  phases?: Record<string, number>;
  /** The write phase per part writer, ms. */
  writers?: Record<string, number>;
  outputMB?: number;
  heapFlag?: string;
  /** --reuse: figures carried over from the run that built it. */
  reused?: boolean;
  error?: string;
}

export interface ColdResult {
  verify: 'background' | 'size' | 'full';
  runs: number;
  sinceStartMs: number;
  openMs: number;
  firstAnswerMs: number;
  rssMB: number;
}

interface ColdMedian {
  medianMs: number;
  samplesMs: number[];
}

export interface SizeResult {
  label: string;
  recipes: number;
  build?: BuildResult;
  cold?: ColdResult[];
  latency?: LatencyResult;
  profile?: Profile;
  http?: {
    start: Omit<ServerStart, 'child' | 'verified'>;
    /** Spawn → first answer, median of `runs` starts each: the server and the floors of its stack. */
    coldStart?: {
      runs: number;
      server: ColdMedian;
      nodeHttp: ColdMedian;
      hono: ColdMedian;
      /** The server again, with the variables of proc.ts FOREIGN_ENV that this machine sets (`env`) inherited. */
      serverInherited?: ColdMedian & { env: string[] };
    };
    routes: RouteResult[];
    rssAfterLoadMB?: number;
    /** req/s per RECIPES_WORKERS value. */
    workers?: WorkersResult[];
  };
}

export interface BenchResults {
  command: string;
  quick: boolean;
  startedAt: string;
  durationS: number;
  /** probe*Ms: a fixed 1e8-step integer loop on one thread (run.ts cpuProbeMs), at the start and the end. */
  machine: { nproc: number; cpu: string; ramGB: number; node: string; loadStart: number[]; loadEnd: number[]; probeStartMs?: number; probeEndMs?: number };
  sizes: SizeResult[];
  errors: string[];
}

/** The server's cold start (median of starts when measured so) and the floors beside it. */
function serverCold(s: SizeResult): string {
  const h = s.http;
  if (!h) return '—';
  const c = h.coldStart;
  if (!c) return `${fmt(h.start.coldMs)} ms`;
  const inherited = c.serverInherited?.env.length ? `; with this machine's ${c.serverInherited.env.join(', ')} inherited: ${fmt(c.serverInherited.medianMs)} ms` : '';
  return `${fmt(c.server.medianMs)} ms (floors here: bare node:http ${fmt(c.nodeHttp.medianMs)} ms, one-route Hono ${fmt(c.hono.medianMs)} ms${inherited})`;
}

/** The server's start with this machine's foreign variables inherited, when it sets any. */
function inheritedNote(c: (ColdMedian & { env: string[] }) | undefined): string {
  if (!c || c.env.length === 0) return '';
  return ` Measured processes start without ${c.env.join(', ')}, which this machine sets and the container does not (test/bench/proc.ts FOREIGN_ENV); with it inherited, ours took ${fmt(c.medianMs)} ms (${c.samplesMs.join(', ')}).`;
}

const fmt = (x: number | undefined, digits = 0) => (x === undefined ? '—' : x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
const isTiming = (t: unknown): t is Timing => !!t && typeof (t as Timing).p50 === 'number';
const us = (x: number) => (x >= 10_000 ? `${fmt(x / 1000, 1)} ms` : `${fmt(x, x < 100 ? 1 : 0)} µs`);

function timingCell(t: (Timing & { total?: number }) | { na: string } | undefined, ours?: Timing | { na: string }): string {
  if (!t) return '—';
  if (!isTiming(t)) return `n/a (${t.na})`;
  if (t.total === 0) return `${us(t.p50)} (0 hits)`;
  const ratio = isTiming(ours) && ours !== t ? ` (×${fmt(t.p50 / Math.max(0.1, ours.p50), t.p50 / ours.p50 < 10 ? 1 : 0)})` : '';
  return `${us(t.p50)}${ratio}`;
}

export function latencyTable(l: LatencyResult): string[] {
  const peers = l.peers.map((p) => p.name);
  const out = [
    `| kind | query | total | ours p50 | ours p99 |${peers.map((p) => ` ${p} p50 (× ours) |`).join('')}`,
    `|---|---|---:|---:|---:|${peers.map(() => '---:|').join('')}`,
  ];
  for (const q of l.queries) {
    const ours = q.timings.ours;
    out.push(`| ${q.kind} | \`${q.name}\` | ${fmt(q.total)} | ${timingCell(ours)} | ${isTiming(ours) ? us(ours.p99) : '—'} |${peers.map((p) => ` ${timingCell(q.timings[p], ours)} |`).join('')}`);
  }
  for (const p of l.peers) out.push('', `${p.name}: ${fmt(p.size)} records, built in ${fmt(p.buildMs / 1000, 1)} s${p.note ? ` — ${p.note}` : ''}.`);
  if (l.mismatches.length) out.push('', '**Disagreements on /recipes filters (errors):** ' + l.mismatches.join('; '));
  if (l.notes?.length) out.push('', '**Pantry cross-check (informative):** ' + l.notes.join('; '));
  return out;
}

/**
 * req/s per worker count, and the ratio to 1 worker from rounds alternated in one run
 * (test/bench/workers.ts), with the load average beside it: the cores are shared.
 */
export function workersTable(rows: readonly WorkersResult[]): string[] {
  const out = [
    `Same load, rounds alternating between the servers; this machine has ${os.availableParallelism()} CPUs, shared with the load generator (one core) and any other work.`,
    '',
    '| workers | route | req/s (median of rounds) | rounds | ÷ 1 worker (median of paired rounds) | p99 (worst round) | non-2xx | errors/timeouts | load average (1 min, start → end) |',
    '|---:|---|---:|---|---:|---:|---:|---:|---|',
  ];
  for (const w of rows) {
    const ratio = w.ratio === undefined ? '—' : `×${fmt(w.ratio, 2)}${w.roundRatios ? ` (${w.roundRatios.map((x) => fmt(x, 2)).join(', ')})` : ''}`;
    const load = w.loadAverage ? w.loadAverage.map((x) => x.toFixed(2)).join(' → ') : '—';
    out.push(`| ${w.workers} | ${w.route} | ${fmt(w.reqPerSec)} | ${w.roundsReqPerSec?.map((x) => fmt(x)).join(', ') ?? '—'} | ${ratio} | ${fmt(w.p99Ms)} ms | ${fmt(w.non2xx)} | ${fmt(w.errors)} | ${load} |`);
  }
  return out;
}

/** Worst and typical figures of our engine per group, for the target table. */
export function headline(l: LatencyResult) {
  const ours = (pred: (kind: string) => boolean) => l.queries.filter((q) => pred(q.kind) && isTiming(q.timings.ours)).map((q) => q.timings.ours as Timing);
  const filters = ours((k) => !k.startsWith('pantry') && !k.startsWith('search') && !k.startsWith('facets'));
  const facets = ours((k) => k.startsWith('facets'));
  const pantry10 = ours((k) => k === 'pantry(10)');
  const search = ours((k) => k === 'search');
  const max = (xs: number[]) => (xs.length ? Math.max(...xs) : undefined);
  const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] : undefined);
  return {
    filterP50Max: max(filters.map((t) => t.p50)),
    filterP50Median: median(filters.map((t) => t.p50)),
    filterP99Max: max(filters.map((t) => t.p99)),
    pantry10P50Max: max(pantry10.map((t) => t.p50)),
    searchP50Max: max(search.map((t) => t.p50)),
    searchP50Median: median(search.map((t) => t.p50)),
    facetsP50Max: max(facets.map((t) => t.p50)),
  };
}

export function renderReport(r: BenchResults): string {
  const m = r.machine;
  const L: string[] = [
    `# Benchmark report${r.quick ? ' (quick mode: tiny sizes, few iterations — not for comparison)' : ''}`,
    '',
    `Command: ${r.command.includes('`') ? r.command : `\`${r.command}\``} — started ${r.startedAt}, took ${fmt(r.durationS / 60, 1)} min.`,
    `Machine: ${m.nproc} × ${m.cpu}, ${fmt(m.ramGB, 1)} GB RAM, Node ${m.node}; load average ${m.loadStart.map((x) => x.toFixed(2)).join(' / ')} at start, ${m.loadEnd.map((x) => x.toFixed(2)).join(' / ')} at end (other work shared the cores).${m.probeStartMs !== undefined ? ` Speed probe (a fixed loop on one thread, lower is faster; this VM drifts by a third over hours): ${fmt(m.probeStartMs)} ms at start, ${m.probeEndMs !== undefined ? fmt(m.probeEndMs) : '—'} ms at end.` : ''}`,
    '',
    '## Targets (largest size run)',
    '',
    '| what | target | measured |',
    '|---|---|---|',
  ];
  // The largest size that was measured (a size whose build was skipped or failed has no figures).
  const largest = [...r.sizes].filter((s) => s.label !== 'real' && s.latency).sort((a, b) => b.recipes - a.recipes)[0];
  const unbuilt = r.sizes.filter((s) => s.build?.error);
  if (largest) L.splice(L.length - 4, 1, `## Targets (measured at ${largest.label}; targets are stated for 1M)`);
  for (const s of unbuilt) L.push(`| build at ${s.label} | ≤ 120 s, ≤ 4 GiB at 1M | ${s.build!.error!.replace(/\|/g, '\\|')} |`);
  if (largest) {
    const b = largest.build;
    const h = largest.latency ? headline(largest.latency) : undefined;
    const cold = largest.cold?.find((c) => c.verify !== 'full');
    const recipesHttp = largest.http?.routes.find((x) => x.route.startsWith('/recipes ('));
    L.push(
      `| build wall time / peak RSS at ${largest.label} | ≤ 120 s, ≤ 4 GiB at 1M | ${fmt(b?.wallS, 1)} s / ${fmt(b?.maxRssMB)} MB |`,
      `| cold start to first answer (server${largest.http?.coldStart ? `, median of ${largest.http.coldStart.runs}` : ''}) | ≤ 200 ms | ${serverCold(largest)} |`,
      `| cold start in process (verify background / full) | ≤ 200 ms | ${largest.cold?.map((c) => `${fmt(c.sinceStartMs)} ms`).join(' / ') ?? '—'} |`,
      `| RSS after load (in process / server) | ≤ 400 MB | ${fmt(cold?.rssMB)} MB / ${fmt(largest.http?.start.rssAfterLoadMB)} MB |`,
      `| filter p50 (worst query / median query) | ≤ 100 µs | ${h?.filterP50Max !== undefined ? `${us(h.filterP50Max)} / ${us(h.filterP50Median!)}` : '—'} |`,
      `| filter p99 (worst query) | ≤ 300 µs | ${h?.filterP99Max !== undefined ? us(h.filterP99Max) : '—'} |`,
      `| pantry(10) p50 (worst of with/without staples) | ≤ 5 ms | ${h?.pantry10P50Max !== undefined ? us(h.pantry10P50Max) : 'not available yet'} |`,
      `| facets p50 (all six; worst of unfiltered and 3-way) | ≤ 2 ms | ${h?.facetsP50Max !== undefined ? us(h.facetsP50Max) : 'not available yet'} |`,
      `| search p50 (worst / median query) | ≤ 2 ms | ${h?.searchP50Max !== undefined ? `${us(h.searchP50Max)} / ${us(h.searchP50Median!)}` : 'not available yet'} |`,
      `| HTTP /recipes vs ceiling | ≥ 75% | ${recipesHttp?.ratio !== undefined ? `${fmt(recipesHttp.ratio * 100)}%` : recipesHttp?.na ?? '—'} |`,
    );
  }
  L.push('', '## Build', '', '| dataset | recipes | input | wall | peak RSS | phases (s) | output |', '|---|---:|---:|---:|---:|---|---:|');
  for (const s of r.sizes) {
    const b = s.build;
    if (!b) continue;
    const secs = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k} ${fmt(v / 1000, 1)}`).join(', ');
    const phases = b.phases ? secs(b.phases) + (b.writers ? ` (write: ${secs(b.writers)})` : '') : b.error ?? '';
    L.push(`| ${s.label}${b.reused ? ' (built by the previous run, --reuse)' : ''} | ${fmt(s.recipes)} | ${fmt(b.inputMB)} MB | ${fmt(b.wallS, 1)} s | ${fmt(b.maxRssMB)} MB | ${phases}${b.heapFlag ? ` (${b.heapFlag})` : ''} | ${fmt(b.outputMB)} MB |`);
  }
  const profiled = r.sizes.filter((s) => s.profile);
  if (profiled.length > 1) {
    L.push('', '## Synthetic vs real (shares of recipes, from the compiled indexes)', '', `| metric | ${profiled.map((s) => s.label).join(' | ')} |`, `|---|${profiled.map(() => '---:').join('|')}|`);
    const metric = (name: string, get: (p: Profile) => number | undefined) => L.push(`| ${name} | ${profiled.map((s) => fmt(get(s.profile!), 3)).join(' | ')} |`);
    const ref = profiled[0]!.profile!;
    for (const lang of Object.keys(ref.languages)) metric(`language ${lang}`, (p) => p.languages[lang] ?? 0);
    for (const k of Object.keys(ref.coverage)) metric(`has ${k}`, (p) => p.coverage[k]);
    metric('mean required ingredients', (p) => p.meanIngredients);
    for (const id of Object.keys(ref.topIngredients)) metric(`uses ${id}`, (p) => p.topIngredients[id] ?? 0);
  }
  L.push('', '## Cold start and memory', '', '| dataset | verify | process start → first page (in process) | open | first answer | RSS after load | server spawn → first HTTP answer | server RSS |', '|---|---|---:|---:|---:|---:|---:|---:|');
  for (const s of r.sizes) {
    for (const c of s.cold ?? []) {
      L.push(`| ${s.label} | ${c.verify} | ${fmt(c.sinceStartMs)} ms | ${fmt(c.openMs)} ms | ${fmt(c.firstAnswerMs)} ms | ${fmt(c.rssMB)} MB | ${c.verify === 'background' && s.http ? `${fmt(s.http.coldStart?.server.medianMs ?? s.http.start.coldMs)} ms${s.http.start.verifiedMs ? ` (verified after ${fmt(s.http.start.verifiedMs)} ms)` : ''}` : ''} | ${c.verify === 'background' && s.http ? `${fmt(s.http.start.rssAfterLoadMB)} MB` : ''} |`);
    }
  }
  for (const s of r.sizes) {
    const c = s.http?.coldStart;
    if (c) L.push('', `Server start at ${s.label}, spawn → first answer, median of ${c.runs} (samples): ours ${fmt(c.server.medianMs)} ms (${c.server.samplesMs.join(', ')}); floors on this machine: a bare node:http server ${fmt(c.nodeHttp.medianMs)} ms (${c.nodeHttp.samplesMs.join(', ')}), a one-route Hono app on @hono/node-server ${fmt(c.hono.medianMs)} ms (${c.hono.samplesMs.join(', ')}).${inheritedNote(c.serverInherited)}`);
  }
  for (const s of r.sizes) {
    if (!s.latency) continue;
    L.push('', `## In-process latency — ${s.label} (${fmt(s.recipes)} recipes)`, '', 'p50 per call (µs unless ms); in brackets the peer\'s p50 divided by ours (above 1 = ours faster).', '', ...latencyTable(s.latency));
  }
  for (const s of r.sizes) {
    if (!s.http) continue;
    L.push('', `## HTTP — ${s.label} (${fmt(s.recipes)} recipes, autocannon on loopback)`, '', '| route | bytes | server req/s | server p99 | server errors/timeouts | ceiling req/s | ceiling p99 | server ÷ ceiling |', '|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const x of s.http.routes) {
      if (x.na) L.push(`| ${x.route} | — | n/a: ${x.na.replace(/\|/g, '\\|').replace(/\n/g, ' ')} | | | | | |`);
      else L.push(`| ${x.route} | ${fmt(x.bytes)} | ${fmt(x.server?.reqPerSec)} | ${fmt(x.server?.p99Ms)} ms | ${fmt(x.server?.errors)} | ${fmt(x.ceiling?.reqPerSec)} | ${fmt(x.ceiling?.p99Ms)} ms | ${fmt((x.ratio ?? 0) * 100)}% |`);
    }
    if (s.http.workers?.length) {
      L.push('', `RECIPES_WORKERS at ${s.label}:`, '', ...workersTable(s.http.workers));
    }
  }
  if (r.errors.length) L.push('', '## Errors', '', ...r.errors.map((e) => `- ${e.replace(/\n/g, ' ').slice(0, 400)}`));
  return L.join('\n') + '\n';
}
