/**
 * Cold start in process: open the dataset, create the engine, answer one /recipes page (with its
 * records read), then print one JSON line. Bundled by run.ts and started with plain `node`, so no
 * TypeScript loader is timed. `sinceStartMs` counts from the process's time origin (its start).
 *
 *   node cold-start.mjs <dataset dir> <full|background|size>   ('background' = what the server does before
 *   listening: sizes and headers; its SHA-256 pass runs after the first answer, as in the server)
 */
import { openDataset } from '../../runtime/data/open.ts';
import { createEngine } from '../../runtime/query/create-engine.ts';

const [dir, verify] = process.argv.slice(2);
if (!dir || (verify !== 'full' && verify !== 'size' && verify !== 'background')) throw new Error('usage: cold-start <dir> <full|background|size>');
const t0 = performance.now();
const ds = openDataset(dir, { verify });
const t1 = performance.now();
const engine = createEngine(ds);
const page = engine.listRecipes({ cuisine: ds.families.cuisine.keys()[0]?.key }, { limit: 20, offset: 0 });
let bytes = 0;
for (const doc of page.docs) bytes += engine.recordJson(doc).length;
const t2 = performance.now();
console.log(JSON.stringify({
  verify,
  recipes: ds.recipeCount,
  moduleLoadMs: Math.round(t0),
  openMs: Math.round(t1 - t0),
  firstAnswerMs: Math.round(t2 - t1),
  sinceStartMs: Math.round(t2),
  pageBytes: bytes,
  rssMB: Math.round(process.memoryUsage().rss / 1048576),
  heapUsedMB: Math.round(process.memoryUsage().heapUsed / 1048576),
}));
