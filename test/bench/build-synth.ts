/**
 * Compiles a synthetic dataset dir with the compiler's own streaming build (buildDataset, the
 * function build/cli.ts runs) over the jsonld source only, and prints one JSON line of timings,
 * CPU time and memory. cli.ts itself is not used because it writes the build report next to the
 * output; reading only the jsonld adapter matters because some adapters require their files.
 *
 *   tsx test/bench/build-synth.ts --dataset <dir> --out <dir> [--workers <n>]
 *
 * --workers normalises on n worker threads (default 2; 0 = on the main thread). The output is the
 * same bytes for every n.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildDataset } from '../../build/compile.ts';

const { values } = parseArgs({ options: { dataset: { type: 'string' }, out: { type: 'string' }, workers: { type: 'string', default: '2' } } });
if (!values.dataset || !values.out) throw new Error('usage: build-synth.ts --dataset <dir> --out <dir> [--workers <n>]');

const started = performance.now();
const built = buildDataset(values.dataset, values.out, () => {}, { sources: ['jsonld'], workers: Number(values.workers) });
const bytes = built.manifest.files.reduce((s, f) => s + f.bytes, 0) + fs.statSync(path.join(built.dir, 'manifest.json')).size;
const cpu = process.cpuUsage();
console.log(JSON.stringify({
  dir: built.dir,
  recipes: built.recipeCount,
  bytes,
  phases: built.timings.phases,
  writers: built.timings.writers,
  totalMs: Math.round(performance.now() - started),
  cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
}));
