/**
 * `npm run bench` — one run, one report: builds the real dataset and learns a synthetic model
 * from it, then per size generates seeded synthetic sources, compiles them (time, peak RSS),
 * measures cold start, in-process latency against the peers, and HTTP against the ceiling.
 * Writes test/bench/out/results.json (raw) and test/bench/out/report.md (quick mode:
 * quick-results.json and quick-report.md).
 *
 *   npm run bench [-- --sizes 100000,1000000] [--seed s] [--peers sqlite,orama,scan]
 *                 [--orama-budget-s 60] [--http-seconds 10] [--http-size N] [--no-http]
 *                 [--build-heap-mb N] [--reuse] [--real-data <compiled real dataset dir>]
 *   npm run bench -- --only http    (re-measures HTTP only, on the largest size of the last
 *                                    results.json, and rewrites results.json and report.md)
 *   npm run bench -- --quick        (CI: 2,000 recipes, few iterations, short HTTP; exits
 *                                    non-zero on errors, never on slow timings)
 *   npm run bench -- --only latency --data <compiled dataset dir> [--groups facets] [--peers sqlite]
 *                                   (in-process latency on a dataset built before, e.g. 1M by
 *                                    build-synth.ts, without building; --groups: filter, facets,
 *                                    pantry, search; ours alone unless --peers;
 *                                    writes out/only-latency.{json,md})
 *   npm run bench -- --only workers --data <compiled dataset dir>
 *                                   (req/s with RECIPES_WORKERS 1 and 2, alternated in one run;
 *                                    writes out/only-workers.{json,md})
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runtimeBundle } from '../../build/bundle-options.mjs';
import { build } from 'esbuild';
import { resolveDataDir } from '../../runtime/data/manifest.ts';
import { learnModel } from './synth/learn.ts';
import { generateSynthetic } from './synth/generate.ts';
import { prepareDatasetDir } from './synth/dataset-dir.ts';
import { childEnv, FOREIGN_ENV, run } from './proc.ts';
import { coldStartMedian, httpBench } from './http.ts';
import { workersBench } from './workers.ts';
import { profileDataset } from './fidelity.ts';
import { latencyTable, renderReport, workersTable, type BenchResults, type BuildResult, type ColdResult, type SizeResult } from './report.ts';
import type { LatencyResult } from './latency.ts';
import { clientBrowserReport } from './client-browser.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const OUT = path.join(here, 'out');

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    sizes: { type: 'string' },
    seed: { type: 'string', default: 'recipe-bench-1' },
    peers: { type: 'string' },
    'orama-budget-s': { type: 'string' },
    'http-seconds': { type: 'string' },
    'http-size': { type: 'string' },
    'no-http': { type: 'boolean', default: false },
    'build-heap-mb': { type: 'string' },
    reuse: { type: 'boolean', default: false },
    'real-data': { type: 'string' },
    only: { type: 'string' },
    data: { type: 'string' },
    groups: { type: 'string' },
  },
});
const quick = values.quick!;
const sizes = (values.sizes ?? (quick ? '2000' : '100000,1000000')).split(',').map(Number);
// Focused runs (--only latency) time ours alone unless peers are named.
const peers = values.peers ?? (values.only ? '' : 'sqlite,orama,scan');
const oramaBudget = values['orama-budget-s'] ?? (quick ? '10' : '60');
const httpSeconds = Number(values['http-seconds'] ?? (quick ? 2 : 10));
const httpSize = values['http-size'] === undefined ? undefined : Number(values['http-size']);
/** Never start a build predicted (linearly from the previous size) to need more than this share of RAM. */
const MAX_PREDICTED_RAM_SHARE = 0.7;
/** The largest synthetic size the offline client is measured at in Chromium (issue 19 asks for 100k). */
const CLIENT_MAX_RECIPES = 100_000;
const errors: string[] = [];
const log = (s: string) => process.stderr.write(`[bench] ${s}\n`);
const startedAt = new Date();
const tsx = (heapMb?: string) => [...(heapMb ? [`--max-old-space-size=${heapMb}`] : []), '--import', 'tsx'];

/**
 * The runtime bundled exactly as `npm run build` bundles it (build/bundle-options.mjs), plus the
 * bench's own entries; and latency.ts (with the runtime code it times) compiled by esbuild as the
 * server's bundle is, its packages left to Node. Timed code is never run through tsx: tsx compiles
 * with esbuild's keepNames, which adds a call per named closure created (~40% of `tomato soup`'s
 * time at 1M), a cost the shipped bundle does not have.
 */
async function bundle(): Promise<{ server: string; cold: string; ceiling: string; hello: string; latency: string }> {
  const outdir = path.join(OUT, 'bin');
  const entries = { server: path.join(root, 'runtime/server.ts'), 'cold-start': path.join(here, 'cold-start.ts'), ceiling: path.join(here, 'ceiling.ts'), hello: path.join(here, 'hello.ts') };
  await build(runtimeBundle({ entryPoints: entries, outdir }));
  const latency = path.join(outdir, 'latency.mjs');
  await build({ entryPoints: [path.join(here, 'latency.ts')], outfile: latency, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  return { server: path.join(outdir, 'server.cjs'), cold: path.join(outdir, 'cold-start.cjs'), ceiling: path.join(outdir, 'ceiling.cjs'), hello: path.join(outdir, 'hello.cjs'), latency };
}

/** Runs a compile under /usr/bin/time when present (peak RSS of the whole child). */
async function timedBuild(args: string[], heapMb?: string): Promise<{ stdout: string; wallS: number; maxRssMB?: number }> {
  const gnuTime = fs.existsSync('/usr/bin/time');
  const cmd = gnuTime ? '/usr/bin/time' : process.execPath;
  const full = gnuTime ? ['-f', 'TIME %e %M', process.execPath, ...tsx(heapMb), ...args] : [...tsx(heapMb), ...args];
  const r = await run(cmd, full, { cwd: root });
  if (r.code !== 0) throw new Error(`build failed (exit ${r.code}): ${r.stderr.slice(-1500)}`);
  const t = /TIME ([\d.]+) (\d+)/.exec(r.stderr);
  return { stdout: r.stdout, wallS: t ? Number(t[1]) : r.wallMs / 1000, maxRssMB: t ? Math.round(Number(t[2]) / 1024) : undefined };
}

const dirBytes = (dir: string): number => {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    n += e.isDirectory() ? dirBytes(p) : e.isFile() ? fs.statSync(p).size : 0;
  }
  return n;
};

/** --reuse: the build figures of the last run for this size (results.json), if it built it. */
function readPreviousBuild(n: number): BuildResult | undefined {
  try {
    const prev = JSON.parse(fs.readFileSync(path.join(OUT, 'results.json'), 'utf8')) as BenchResults;
    const b = prev.sizes.find((x) => x.recipes === n && x.label !== 'real')?.build;
    return b && !b.error && b.wallS !== undefined ? b : undefined;
  } catch {
    return undefined;
  }
}

async function coldStarts(bin: string, dataDir: string, runs: number): Promise<ColdResult[]> {
  const out: ColdResult[] = [];
  for (const verify of ['background', 'full'] as const) {
    const samples: { sinceStartMs: number; openMs: number; firstAnswerMs: number; rssMB: number }[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await run(process.execPath, [bin, dataDir, verify], { env: childEnv() });
      if (r.code !== 0) throw new Error(`cold start (${verify}) failed: ${r.stderr.slice(-800)}`);
      samples.push(JSON.parse(r.stdout.trim().split('\n').pop()!));
    }
    samples.sort((a, b) => a.sinceStartMs - b.sinceStartMs);
    const med = samples[Math.floor((samples.length - 1) / 2)]!;
    out.push({ verify, runs, ...med });
  }
  return out;
}

async function latency(bin: string, dataDir: string, label: string): Promise<LatencyResult> {
  const file = path.join(OUT, `latency-${label}.json`);
  const args = [bin, '--data', dataDir, '--out', file, '--peers', peers, '--orama-budget-s', oramaBudget, '--work', path.join(OUT, 'work')];
  if (quick) args.push('--quick');
  if (values.groups) args.push('--groups', values.groups);
  const r = await run(process.execPath, ['--max-old-space-size=8192', ...args], { cwd: root, echo: true });
  if (r.code !== 0) throw new Error(`latency (${label}) failed: ${r.stderr.slice(-1500)}`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as LatencyResult;
}

async function measureHttp(s: SizeResult, dataDir: string, bins: Awaited<ReturnType<typeof bundle>>, pantry: string): Promise<void> {
  try {
    log(`${s.label}: server cold starts, beside the floors (bare node:http, one-route Hono)`);
    const runs = quick ? 1 : 5;
    const state = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cold-'));
    const serverEnv = { RECIPES_DATA: dataDir, RECIPES_STATE: state, RECIPES_DAILY_QUOTA: '1000000000', RECIPES_WORKERS: '1' };
    const coldStart = {
      runs,
      nodeHttp: await coldStartMedian([bins.hello, 'http'], '/', {}, runs),
      hono: await coldStartMedian([bins.hello, 'hono'], '/', {}, runs),
      server: await coldStartMedian([bins.server], '/recipes?limit=20', serverEnv, runs),
      // Once more with this machine's own environment, FOREIGN_ENV included (proc.ts says why it is dropped).
      serverInherited: { env: FOREIGN_ENV.filter((name) => process.env[name] !== undefined), ...(await coldStartMedian([bins.server], '/recipes?limit=20', serverEnv, runs, true)) },
    };
    fs.rmSync(state, { recursive: true, force: true });
    log(`${s.label}: http`);
    const h = await httpBench({ bins, dataDir, connections: 50, seconds: httpSeconds, pantryIngredients: pantry, searchQuery: 'chicken', log });
    const { child: _child, verified: _verified, ...start } = h.start;
    s.http = { start, coldStart, routes: h.routes, rssAfterLoadMB: h.rssAfterLoadMB };
    log(`${s.label}: http with 1 and 2 workers`);
    s.http.workers = await workersBench({ bins, dataDir, connections: 50, seconds: httpSeconds, searchQuery: 'chicken', log });
    // A non-2xx answer is an error; socket errors and timeouts under load are slowness, shown in the table.
    for (const x of h.routes) if (x.server && x.server.non2xx > 0) errors.push(`${s.label}: HTTP ${x.route}: ${x.server.non2xx} non-2xx answers under load`);
  } catch (e) {
    errors.push(`${s.label}: http: ${(e as Error).message}`);
  }
}

async function measureSize(s: SizeResult, dataDir: string, bins: Awaited<ReturnType<typeof bundle>>, pantry: string): Promise<void> {
  try {
    log(`${s.label}: cold start`);
    s.cold = await coldStarts(bins.cold, dataDir, quick ? 1 : 3);
  } catch (e) {
    errors.push(`${s.label}: ${(e as Error).message}`);
  }
  try {
    log(`${s.label}: latency`);
    s.latency = await latency(bins.latency, dataDir, s.label);
    for (const m of s.latency.mismatches) errors.push(`${s.label}: ${m}`);
  } catch (e) {
    errors.push(`${s.label}: ${(e as Error).message}`);
  }
}

const PANTRY = 'chicken,garlic,onion,rice,tomato,salt,olive oil,butter,egg,carrot';
fs.mkdirSync(OUT, { recursive: true });
const bins = await bundle();
if (values.only === 'http') {
  const file = path.join(OUT, 'results.json');
  const previous = JSON.parse(fs.readFileSync(file, 'utf8')) as BenchResults;
  const target = previous.sizes.filter((x) => x.label !== 'real' && x.latency && (httpSize === undefined || x.recipes === httpSize)).pop();
  if (!target) throw new Error(`${file} has no measured size to re-measure HTTP on`);
  previous.errors = previous.errors.filter((e) => !e.startsWith(`${target.label}: HTTP`) && !e.startsWith(`${target.label}: http`));
  const before = errors.length;
  await measureHttp(target, resolveDataDir(path.join(OUT, `synth-${target.recipes}`, 'out', 'data')), bins, PANTRY);
  previous.errors.push(...errors.slice(before));
  previous.command += `; HTTP re-measured by: npm run bench -- ${process.argv.slice(2).join(' ')} (at ${new Date().toISOString()}, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')})`;
  fs.writeFileSync(file, JSON.stringify(previous, null, 2) + '\n');
  fs.writeFileSync(path.join(OUT, 'report.md'), renderReport(previous));
  log(`re-measured HTTP at ${target.label}; wrote results.json and report.md`);
  process.exit(errors.length > before ? 1 : 0);
}
if (values.only === 'latency' || values.only === 'workers') {
  // Focused runs on a dataset compiled before: no build, no peers unless asked, one short report.
  if (!values.data) throw new Error(`--only ${values.only} needs --data <compiled dataset dir>`);
  // A version directory as it is, or a root of versions (its `current`).
  const given = path.resolve(values.data);
  const dataDir = fs.existsSync(path.join(given, 'manifest.json')) ? given : resolveDataDir(given);
  const recipes = (JSON.parse(fs.readFileSync(path.join(dataDir, 'manifest.json'), 'utf8')) as { counts: { recipes: number } }).counts.recipes;
  const label = recipes % 1e6 === 0 ? `${recipes / 1e6}M` : recipes % 1e3 === 0 ? `${recipes / 1e3}k` : String(recipes);
  const loadStart = os.loadavg();
  const head = (title: string) => [`# ${title} — ${label} (${recipes.toLocaleString('en-US')} recipes)`, '', `Command: \`npm run bench -- ${process.argv.slice(2).join(' ')}\` at ${startedAt.toISOString()}; ${os.availableParallelism()} CPUs; load average ${loadStart.map((x) => x.toFixed(2)).join(' / ')} at start, ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')} at end.`, ''];
  let body: string[];
  let raw: unknown;
  if (values.only === 'latency') {
    const l = await latency(bins.latency, dataDir, `only-${label}`);
    raw = l;
    body = [...head('In-process latency'), ...latencyTable(l)];
    for (const m of l.mismatches) errors.push(m);
  } else {
    const w = await workersBench({ bins, dataDir, connections: 50, seconds: httpSeconds, searchQuery: 'chicken', log });
    raw = w;
    body = [...head('RECIPES_WORKERS'), ...workersTable(w)];
    for (const x of w) if (x.non2xx > 0) errors.push(`workers=${x.workers} ${x.route}: ${x.non2xx} non-2xx answers`);
  }
  fs.writeFileSync(path.join(OUT, `only-${values.only}.json`), JSON.stringify(raw, null, 2) + '\n');
  fs.writeFileSync(path.join(OUT, `only-${values.only}.md`), body.join('\n') + '\n');
  process.stdout.write(body.join('\n') + '\n');
  if (errors.length) log(`${errors.length} error(s):\n  ${errors.join('\n  ')}`);
  process.exit(errors.length ? 1 : 0);
}

/**
 * This VM's speed drifts by a third between half-hours: a fixed single-thread integer loop, timed
 * at the start and the end of the run, says which state the figures were measured in.
 */
function cpuProbeMs(): number {
  const t = performance.now();
  let x = 0;
  for (let i = 0; i < 1e8; i++) x = (x * 31 + i) | 0;
  if (x === 1) log('probe'); // keeps the loop from being optimised away
  return Math.round(performance.now() - t);
}
const results: BenchResults = {
  command: `npm run bench${process.argv.length > 2 ? ' -- ' + process.argv.slice(2).join(' ') : ''}`,
  quick,
  startedAt: startedAt.toISOString(),
  durationS: 0,
  machine: {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    ramGB: os.totalmem() / 2 ** 30,
    node: process.versions.node,
    loadStart: os.loadavg(),
    loadEnd: [],
    probeStartMs: cpuProbeMs(),
  },
  sizes: [],
  errors,
};

// The real dataset: compiled here (its build is measured too), then the model is learned from it.
const real: SizeResult = { label: 'real', recipes: 0 };
results.sizes.push(real);
const realOut = path.join(OUT, 'real', 'data');
if (values['real-data']) {
  const manifest = JSON.parse(fs.readFileSync(path.join(resolveDataDir(values['real-data']), 'manifest.json'), 'utf8')) as { counts: { recipes: number } };
  real.recipes = manifest.counts.recipes;
} else try {
  log('real: build');
  fs.rmSync(realOut, { recursive: true, force: true });
  const b = await timedBuild(['build/cli.ts', '--out', realOut, '--quiet']);
  const dir = resolveDataDir(realOut);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { counts: { recipes: number } };
  real.recipes = manifest.counts.recipes;
  real.build = { recipes: real.recipes, wallS: b.wallS, maxRssMB: b.maxRssMB, outputMB: dirBytes(dir) / 1e6 };
} catch (e) {
  errors.push(`real: ${(e as Error).message}`);
}

if (real.recipes > 0) {
  const realDir = resolveDataDir(values['real-data'] ?? realOut);
  real.profile = profileDataset(realDir);
  // Quick mode only learns from the real dataset; its figures come from the synthetic size.
  if (!quick) await measureSize(real, realDir, bins, PANTRY);
  // The offline client in Chromium (bundle size, cold transfer per route, warm latency) at the real
  // dataset, then at each synthetic size up to CLIENT_MAX_RECIPES (written after the sizes below).
  const clientReports: string[] = [];
  const clientReport = async (label: string, dir: string) => {
    try {
      clientReports.push(`## ${label}\n\n${await clientBrowserReport(dir)}`);
    } catch (e) {
      errors.push(`client in Chromium (${label}): ${(e as Error).message.slice(0, 300)}`);
    }
  };
  await clientReport('real', realDir);
  const measured: { s: SizeResult; dir: string }[] = [];
  log('learning the synthetic model');
  const model = learnModel(realDir);
  for (const n of sizes) {
    const s: SizeResult = { label: n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n), recipes: n };
    results.sizes.push(s);
    const dsDir = path.join(OUT, `synth-${n}`);
    const outDir = path.join(dsDir, 'out');
    const b: BuildResult = { recipes: n };
    s.build = b;
    const prev = [...results.sizes].reverse().find((x) => x !== s && x.label !== 'real' && x.build?.maxRssMB && !x.build.error);
    const predictedMB = prev ? (prev.build!.maxRssMB! * n) / prev.recipes : 0;
    if (predictedMB > (MAX_PREDICTED_RAM_SHARE * os.totalmem()) / 2 ** 20) {
      b.error = `not built: the ${prev!.label} build peaked at ${prev!.build!.maxRssMB} MB, so ${s.label} is predicted at ~${Math.round(predictedMB / 1024)} GB (this machine has ${Math.round(os.totalmem() / 2 ** 30)} GB); predicted time ~${Math.round((prev!.build!.wallS! * n) / prev!.recipes / 60)} min`;
      errors.push(`${s.label}: ${b.error}`);
      continue;
    }
    try {
      const jsonlDir = prepareDatasetDir(path.join(root, 'dataset'), dsDir);
      const previous = values.reuse ? readPreviousBuild(n) : undefined;
      if (previous && fs.existsSync(outDir)) {
        Object.assign(b, previous, { reused: true });
        log(`${s.label}: reusing the compiled dataset and the build figures of the previous run`);
      } else {
        log(`${s.label}: generate`);
        const t = performance.now();
        const g = generateSynthetic({ model, count: n, seed: values.seed!, dir: jsonlDir });
        b.generateMs = Math.round(performance.now() - t);
        b.inputMB = g.bytes / 1e6;
        log(`${s.label}: build`);
        fs.rmSync(outDir, { recursive: true, force: true });
        if (values['build-heap-mb']) b.heapFlag = `--max-old-space-size=${values['build-heap-mb']}`;
        const r = await timedBuild(['test/bench/build-synth.ts', '--dataset', dsDir, '--out', path.join(outDir, 'data')], values['build-heap-mb']);
        const j = JSON.parse(r.stdout.trim().split('\n').pop()!) as { recipes: number; bytes: number; phases: Record<string, number>; writers: Record<string, number> };
        Object.assign(b, { wallS: r.wallS, maxRssMB: r.maxRssMB, phases: j.phases, writers: j.writers, outputMB: j.bytes / 1e6 });
        if (j.recipes !== n) errors.push(`${s.label}: compiled ${j.recipes} of ${n} synthetic recipes`);
      }
      const dir = resolveDataDir(path.join(outDir, 'data'));
      s.profile = profileDataset(dir);
      await measureSize(s, dir, bins, PANTRY);
      measured.push({ s, dir });
      if (n <= CLIENT_MAX_RECIPES) await clientReport(s.label, dir);
    } catch (e) {
      b.error = (e as Error).message.slice(0, 300);
      errors.push(`${s.label}: ${(e as Error).message}`);
    }
  }
  fs.writeFileSync(path.join(OUT, `${quick ? 'quick-' : ''}client.md`), clientReports.join('\n'));
  // HTTP once, at --http-size or else the largest size that was built.
  const target = measured.filter((x) => httpSize === undefined || x.s.recipes === httpSize).pop();
  if (!values['no-http'] && target) await measureHttp(target.s, target.dir, bins, PANTRY);
}

results.machine.loadEnd = os.loadavg();
results.machine.probeEndMs = cpuProbeMs();
results.durationS = Math.round((Date.now() - startedAt.getTime()) / 1000);
// Quick runs write quick-*.{json,md} so that CI never overwrites the figures of a full run.
const prefix = quick ? 'quick-' : '';
fs.writeFileSync(path.join(OUT, `${prefix}results.json`), JSON.stringify(results, null, 2) + '\n');
fs.writeFileSync(path.join(OUT, `${prefix}report.md`), renderReport(results));
log(`wrote ${path.relative(root, path.join(OUT, `${prefix}report.md`))} and ${prefix}results.json in ${results.durationS} s${errors.length ? `; ${errors.length} error(s):\n  ${errors.join('\n  ')}` : ''}`);
process.exitCode = errors.length ? 1 : 0;
