/**
 * `npm run build:data` — compiles dataset/ into dist/data/<datasetVersion>/ and points
 * dist/data/current at it. Prints progress, per-field coverage and the unmatched-ingredient
 * to-do list, and writes the same as dist/build-report.{md,json}.
 *
 *   tsx build/cli.ts [--dataset <dir>] [--out <dir>] [--source <name>]... [--workers <n>] [--quiet]
 *
 * --source limits the build to the named adapters (e.g. `--source jsonld` for a synthetic
 * dataset dir that has no other sources). --workers normalises on n worker threads (default 0:
 * on the main thread) and builds the search index on one more. JSONL sources reach the workers as
 * undecoded lines, so decoding and JSON parsing leave the main thread too, and each worker spills
 * its recipes itself; each worker loads its own catalog and warms its own memos (a few seconds of
 * CPU each), which pays off only for large inputs with idle cores (test/bench/REPORT.md).
 * The output is the same for every n.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MANIFEST_FILE } from '../runtime/format/constants.ts';
import { buildDataset } from './compile.ts';
import { reportMarkdown } from './report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: path.join(root, 'dataset') },
    out: { type: 'string', default: path.join(root, 'dist', 'data') },
    source: { type: 'string', multiple: true },
    workers: { type: 'string', default: '0' },
    quiet: { type: 'boolean', default: false },
  },
});
const log = values.quiet ? () => {} : (s: string) => console.log(s);

const started = performance.now();
const built = buildDataset(values.dataset!, values.out!, log, { sources: values.source, workers: Number(values.workers) });
const dir = built.dir;
const fileCount = built.manifest.files.length + 1;
const bytes = built.manifest.files.reduce((s, f) => s + f.bytes, 0) + fs.statSync(path.join(dir, MANIFEST_FILE)).size;

const report = built.report;
const reportDir = path.dirname(values.out!);
fs.writeFileSync(path.join(reportDir, 'build-report.json'), JSON.stringify(report, null, 2) + '\n');
fs.writeFileSync(path.join(reportDir, 'build-report.md'), reportMarkdown(report));

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`\n${built.recipeCount} recipes, ${built.catalog.length} ingredients, ${fileCount} files, ${(bytes / 1e6).toFixed(1)} MB → ${path.relative(process.cwd(), dir) || dir}`);
console.log(`ingredient lines with a canonical id: ${report.ingredientLinesWithId}/${report.ingredientLines} (${pct(report.ingredientLinesWithId / Math.max(1, report.ingredientLines))})`);
if (report.densities) console.log(`catalog entries with a density: ${report.densities.entries}/${report.densities.of} (${Object.entries(report.densities.bySource).map(([k, v]) => `${k} ${v}`).join(', ')})`);
if (!values.quiet) {
  console.log('field coverage: ' + Object.entries(report.fieldCoverage).map(([k, v]) => `${k} ${pct(v)}`).join(', '));
  console.log('top unmatched ingredient names: ' + report.topUnmatched.slice(0, 25).map(([n, c]) => `${n} (${c})`).join(', '));
  console.log(`report: ${path.join(reportDir, 'build-report.md')}`);
}
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
