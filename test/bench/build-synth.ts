/**
 * Compiles a synthetic dataset dir with the compiler's own code, phase by phase, and prints one
 * JSON line of timings and memory. It mirrors build/cli.ts (loadCatalog → read → compileRecords
 * → renderDataset → publishDataset) but reads only the jsonld adapter: cli.ts reads every
 * adapter, and some of them require their files to exist.
 *
 *   tsx test/bench/build-synth.ts --dataset <dir> --out <dir>
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compileRecords } from '../../build/compile.ts';
import { loadCatalog } from '../../build/normalize/catalog.ts';
import { jsonld } from '../../build/sources/jsonld.ts';
import { publishDataset, renderDataset } from '../../build/write/write-dataset.ts';

const { values } = parseArgs({ options: { dataset: { type: 'string' }, out: { type: 'string' } } });
if (!values.dataset || !values.out) throw new Error('usage: build-synth.ts --dataset <dir> --out <dir>');

const phases: Record<string, number> = {};
let t = performance.now();
const lap = (name: string) => {
  const now = performance.now();
  phases[name] = Math.round(now - t);
  t = now;
};
const started = performance.now();
const catalog = loadCatalog(values.dataset);
lap('catalog');
const records = jsonld.read(path.join(values.dataset, 'sources', 'jsonld'));
lap('read');
const compiled = compileRecords(records, catalog);
records.length = 0;
lap('normalise');
const writers: Record<string, number> = {};
// renderDataset logs "  <part>: <ms> ms" per writer: kept as the write phase's breakdown.
const files = renderDataset(compiled, compiled.sources, undefined, (line) => {
  const m = /^\s*(.+?):\s*([\d.]+)\s*ms/.exec(line);
  if (m) writers[m[1]!] = Math.round(Number(m[2]));
});
lap('write');
const dir = publishDataset(values.out, files);
lap('publish');
const bytes = [...files.values()].reduce((s, b) => s + b.length, 0);
console.log(JSON.stringify({
  dir,
  recipes: compiled.recipes.length,
  bytes,
  phases,
  writers,
  totalMs: Math.round(performance.now() - started),
  maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
}));
