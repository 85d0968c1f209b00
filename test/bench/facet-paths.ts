/**
 * Both ways of counting facets (runtime/query/facets.ts) timed on one dataset, alternately in one
 * run, for filters of every density: the measurements behind TABLE_COST and SPARSE_SHARE, and the
 * ratio of the two paths where the engine picks the table. CPU time per call (user + system, the
 * median of 9 batches of 10 calls), which other work on a shared machine disturbs less than wall time.
 *
 *   npx esbuild test/bench/facet-paths.ts --bundle --platform=node --format=esm --packages=external \
 *     --outfile=test/bench/out/facet-paths.mjs && node test/bench/out/facet-paths.mjs <dataset dir>
 */
import { openDataset } from '../../runtime/data/open.ts';
import { createEngine } from '../../runtime/query/create-engine.ts';
import { decodeQuery, parseRecipesQuery } from '../../runtime/query/params.ts';
import { FACET_NAMES, type FacetName } from '../../runtime/query/filter.ts';
import { choosePath, countFacets, type FacetPath } from '../../runtime/query/facets.ts';
import { buildFacetTable } from '../../runtime/query/facet-table.ts';
import { rangeBitmap } from '../../runtime/format/bitmap.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: facet-paths <dataset dir>');
const ds = openDataset(dir, { verify: 'size' });
const engine = createEngine(ds);
const rss = process.memoryUsage().rss;
const started = performance.now();
const table = buildFacetTable(ds);
console.log(`table: ${table.pairs} pairs, built in ${Math.round(performance.now() - started)} ms, RSS +${Math.round((process.memoryUsage().rss - rss) / 2 ** 20)} MB`);
const all = rangeBitmap(ds.recipeCount);

function cpuMicros(fn: () => unknown): number {
  for (let i = 0; i < 3; i++) fn();
  const batches: number[] = [];
  for (let b = 0; b < 9; b++) {
    const c = process.cpuUsage();
    for (let i = 0; i < 10; i++) fn();
    const d = process.cpuUsage(c);
    batches.push((d.user + d.system) / 10);
  }
  return batches.sort((a, b) => a - b)[4]!;
}

const FILTERS = ['cuisine=american&course=dessert&diet=pescatarian', 'cuisine=italian&diet=vegetarian', 'language=de', 'cuisine=american', 'course=dessert', 'maxTotalMinutes=30', 'diet=pescatarian', 'language=en'];
const REQUESTS: FacetName[][] = [[...FACET_NAMES], ['category'], ['equipment'], ['diet']];
console.log('| facets | filter | matching | intersections (µs CPU) | table (µs CPU) | intersections ÷ table | chosen |');
console.log('|---|---|---:|---:|---:|---:|---|');
for (const names of REQUESTS) {
  for (const qs of FILTERS) {
    const q = parseRecipesQuery(decodeQuery(qs), (s) => engine.resolveIngredient(s));
    const size = engine.listRecipes(q.filter, { limit: 0, offset: 0 }).total;
    const time = (path: FacetPath) => cpuMicros(() => countFacets(ds, q.filter, names, { all: () => all, table: () => table, pairs: () => table.pairs, path }));
    const [a, b] = [time('intersections'), time('table')];
    console.log(`| ${names.length === 6 ? 'all six' : names[0]} | \`${qs}\` | ${size} | ${Math.round(a)} | ${Math.round(b)} | ${(a / b).toFixed(2)} | ${choosePath(ds, names, size, table.pairs)} |`);
  }
}
