/**
 * `npm run build:data` — compiles dataset/ into dist/data/<datasetVersion>/ and points
 * dist/data/current at it. Prints progress, per-field coverage and the unmatched-ingredient
 * to-do list, and writes the same as dist/build-report.{md,json}.
 *
 *   tsx build/cli.ts [--dataset <dir>] [--out <dir>] [--quiet]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compileDataset } from './compile.ts';
import { reportMarkdown } from './report.ts';
import { publishDataset, renderDataset } from './write/write-dataset.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: path.join(root, 'dataset') },
    out: { type: 'string', default: path.join(root, 'dist', 'data') },
    quiet: { type: 'boolean', default: false },
  },
});
const log = values.quiet ? () => {} : (s: string) => console.log(s);

const started = performance.now();
const compiled = compileDataset(values.dataset!, log);
log('writing:');
const files = renderDataset(compiled, compiled.sources, undefined, log);
const dir = publishDataset(values.out!, files);
const bytes = [...files.values()].reduce((s, b) => s + b.length, 0);

const report = compiled.report;
const reportDir = path.dirname(values.out!);
fs.writeFileSync(path.join(reportDir, 'build-report.json'), JSON.stringify(report, null, 2) + '\n');
fs.writeFileSync(path.join(reportDir, 'build-report.md'), reportMarkdown(report));

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`\n${compiled.recipes.length} recipes, ${compiled.catalog.length} ingredients, ${files.size} files, ${(bytes / 1e6).toFixed(1)} MB → ${path.relative(process.cwd(), dir) || dir}`);
console.log(`ingredient lines with a canonical id: ${report.ingredientLinesWithId}/${report.ingredientLines} (${pct(report.ingredientLinesWithId / Math.max(1, report.ingredientLines))})`);
if (!values.quiet) {
  console.log('field coverage: ' + Object.entries(report.fieldCoverage).map(([k, v]) => `${k} ${pct(v)}`).join(', '));
  console.log('top unmatched ingredient names: ' + report.topUnmatched.slice(0, 25).map(([n, c]) => `${n} (${c})`).join(', '));
  console.log(`report: ${path.join(reportDir, 'build-report.md')}`);
}
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
