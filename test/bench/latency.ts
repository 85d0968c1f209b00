/**
 * In-process latency of the query mix on one compiled dataset, for ours and each peer built from
 * the same records. Run as its own process (one per size) so peers' memory never leaks into the
 * next measurement; writes one JSON file.
 *
 *   node <bundle of this file> --data <dataset dir> --out <file.json> [--quick] [--peers sqlite,orama,scan]
 *     [--orama-budget-s 60] [--work <dir for the SQLite file>] [--groups facets,filter,pantry,search]
 *
 * run.ts runs it as an esbuild bundle (OUT/bin/latency.mjs), as the server runs: through tsx
 * (`node --import tsx test/bench/latency.ts …`) it works, but times tsx's keepNames calls too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDataset, verifyDataset } from '../../runtime/data/open.ts';
import { createEngine } from '../../runtime/query/create-engine.ts';
import { buildQueries, type BenchQuery } from './queries.ts';
import { measure, type MeasureOptions, type Timing } from './measure.ts';
import { extractRows } from './rows.ts';
import { oursSubject } from './subjects/ours.ts';
import type { ListAnswer, Subject } from './subjects/types.ts';
import { scanSubject } from './peers/scan.ts';
import { sqliteSubject } from './peers/sqlite.ts';
import { oramaSubject } from './peers/orama.ts';

export interface QueryResult {
  group: string;
  kind: string;
  name: string;
  total?: number;
  /** Subject name → timing (with the subject's total), or a reason it has none. */
  timings: Record<string, (Timing & { total?: number }) | { na: string }>;
}

export interface LatencyResult {
  recipes: number;
  quick: boolean;
  peers: { name: string; size: number; buildMs: number; note?: string }[];
  rowsMs?: number;
  queries: QueryResult[];
  /** Disagreements between ours and the oracle peers on /recipes filters (total or page). */
  mismatches: string[];
  /** Pantry and search differences from the peers: informative only (their semantics differ in documented ways). */
  notes: string[];
}

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    out: { type: 'string' },
    quick: { type: 'boolean', default: false },
    peers: { type: 'string', default: 'sqlite,orama,scan' },
    'orama-budget-s': { type: 'string', default: '60' },
    work: { type: 'string' },
    /** Only these query groups (filter, facets, pantry, search); all by default. */
    groups: { type: 'string' },
  },
});
if (!values.data || !values.out) throw new Error('usage: latency.ts --data <dir> --out <file>');
const quick = values.quick!;
const OURS: MeasureOptions = quick ? { warmup: 20, iterations: 100, budgetMs: 200, minIterations: 20 } : { warmup: 200, iterations: 3000, budgetMs: 3000, minIterations: 200 };
const PEER: MeasureOptions = quick ? { warmup: 2, iterations: 20, budgetMs: 200, minIterations: 3 } : { warmup: 2, iterations: 500, budgetMs: 3000, minIterations: 5 };

const ds = openDataset(values.data, { verify: 'size' });
// What the server does right after it listens (RECIPES_VERIFY=background): every file read and
// hashed, every reader built. So the figures are a running server's, with the dataset in the OS
// page cache, whatever the build or an earlier phase left there (this VM's cache is often emptied
// behind our back: at 1M, multi-word searches read from disk took 2.4 ms instead of 1.4 ms).
await verifyDataset(ds);
const engine = createEngine(ds);
const groups = values.groups?.split(',').filter(Boolean);
const queries = buildQueries(ds, engine).filter((q) => !groups || groups.includes(q.group));
const result: LatencyResult = { recipes: ds.recipeCount, quick, peers: [], queries: [], mismatches: [], notes: [] };
const log = (s: string) => process.stderr.write(`[latency ${ds.recipeCount}] ${s}\n`);

const call = (s: Subject, q: BenchQuery): (() => ListAnswer | Promise<ListAnswer>) | string => {
  if (q.filter?.facets) {
    const { filter, page, facets } = q.filter;
    return s.listWithFacets ? () => s.listWithFacets!(filter, page, facets) : 'not available';
  }
  if (q.filter) return s.supports && !s.supports(q.filter.filter) ? 'not expressible' : () => s.list(q.filter!.filter, q.filter!.page);
  if (q.pantry) return s.pantry ? () => s.pantry!(q.pantry!) : 'not available yet';
  if (q.search) return s.search ? () => s.search!(q.search!) : 'not available yet';
  return 'unknown query';
};

async function run(s: Subject, opts: MeasureOptions, answers?: Map<BenchQuery, ListAnswer>): Promise<void> {
  for (const q of queries) {
    let row = result.queries.find((r) => r.name === q.name && r.kind === q.kind);
    if (!row) result.queries.push((row = { group: q.group, kind: q.kind, name: q.name, timings: {} }));
    const fn = call(s, q);
    if (typeof fn === 'string') {
      row.timings[s.name] = { na: fn };
      continue;
    }
    const { timing, result: answer } = await measure(fn, opts);
    row.timings[s.name] = { ...timing, total: answer.total };
    const ours = answers?.get(q);
    if (s.name === 'ours') {
      row.total = answer.total;
      answers?.set(q, answer);
    } else if (q.pantry && ours && s.name === 'array scan' && s.size === result.recipes) {
      const same = ours.total === answer.total && Array.from(ours.docs).join() === Array.from(answer.docs).join();
      if (!same) result.notes.push(`pantry ${q.name}: the plain oracle (exact m/T order) gives total ${answer.total} and ${Array.from(answer.docs).slice(0, 5).join(',')}…; ours ${ours.total} and ${Array.from(ours.docs).slice(0, 5).join(',')}…`);
    } else if (q.filter && answers && s.size === result.recipes) {
      const same = ours && ours.total === answer.total && Array.from(ours.docs).join() === Array.from(answer.docs).join();
      if (!same) result.mismatches.push(`${s.name} disagrees with ours on ${q.name}: total ${answer.total} vs ${ours?.total}`);
    }
  }
}

const answers = new Map<BenchQuery, ListAnswer>();
log(`ours: ${queries.length} queries`);
await run(oursSubject(engine), OURS, answers);

const peers = values.peers!.split(',').filter(Boolean);
if (peers.length > 0) {
  let t = performance.now();
  const rows = extractRows(engine);
  result.rowsMs = Math.round(performance.now() - t);
  log(`rows: ${rows.length} in ${result.rowsMs} ms`);
  for (const name of peers) {
    t = performance.now();
    let subject: Subject;
    let note: string | undefined;
    if (name === 'scan') subject = scanSubject(rows);
    else if (name === 'sqlite') {
      const work = values.work ?? path.dirname(values.out);
      fs.mkdirSync(work, { recursive: true });
      subject = sqliteSubject(rows, path.join(work, `peer-${rows.length}.sqlite`));
    } else if (name === 'orama') {
      const o = await oramaSubject(rows, Number(values['orama-budget-s']) * 1000);
      if (o.capped) note = `loaded ${o.size} of ${rows.length} records in the ${values['orama-budget-s']} s budget; queried at that size`;
      subject = o;
    } else throw new Error(`unknown peer ${name}`);
    const buildMs = Math.round(performance.now() - t);
    log(`${name}: built in ${buildMs} ms (${subject.size} records)`);
    result.peers.push({ name: subject.name, size: subject.size, buildMs, ...(note ? { note } : {}) });
    await run(subject, PEER, answers);
    subject.close?.();
    log(`${name}: measured`);
  }
}
fs.mkdirSync(path.dirname(values.out), { recursive: true });
fs.writeFileSync(values.out, JSON.stringify(result, null, 2) + '\n');
log(`wrote ${values.out}`);
