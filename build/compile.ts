/**
 * The compiler's core: sources → recipes in doc order (newest first) + the ingredient catalog +
 * the coverage report. compileDataset/compileRecords hold every Recipe in memory (tests, small
 * inputs); buildDataset streams in two passes and holds only compact per-recipe state:
 *
 *   pass 1: read sources one record at a time, normalise (toRecipe), render its spill records
 *           (facts and stored JSON; search texts) into the spill files, keep (createdAt, id) and
 *           where they are, update the report. With worker threads (threads/normalise-pool.ts) each
 *           worker reads its own batches of JSONL lines (handed over as undecoded bytes),
 *           normalises and spills into a spill part of its own, and posts back only
 *           (createdAt, id, source, key) per recipe; this thread keeps source order;
 *   sort:   those tuples into doc order (compareDocOrder);
 *   pass 2: read each recipe's JSON bytes and facts back in doc order and feed every part builder
 *           (write-dataset.ts); no recipe is parsed again. The search index is built from the
 *           spilled search records: with worker threads on threads of their own (SEARCH_THREADS,
 *           each a range of the docs), started during pass 1 (threads/search-thread.ts), while this
 *           thread feeds the other writers; without, on this thread after them.
 */
import type { CatalogEntry } from '../runtime/format/catalog.ts';
import type { Recipe } from '../runtime/format/recipe.ts';
import { loadCatalog, type Catalog } from './normalize/catalog.ts';
import { ingredientNameTable } from './normalize/name-table.ts';
import { toRecipe } from './normalize/recipe.ts';
import { readAllSources, selectedAdapters, sourceDir } from './sources/index.ts';
import type { SourceRecord } from './sources/types.ts';
import { densityCoverage, ReportBuilder, type BuildReport } from './report.ts';
import { compareDocOrder } from './write/doc-order.ts';
import { LINE_BATCH, normalisePool, type PoolCatalog } from './threads/normalise-pool.ts';
import { searchWriter } from './write/search.ts';
import { searchSpillWriter, searchThread, type SearchThread } from './threads/search-thread.ts';
import { fileThread, type FileThread } from './threads/file-thread.ts';
import { spillRecipes } from './spill/spill.ts';
import { PART_WRITERS, writeDataset } from './write/write-dataset.ts';
import type { Manifest } from '../runtime/format/manifest.ts';

export interface Compiled {
  recipes: Recipe[];
  catalog: CatalogEntry[];
  ingredientNames: [string, string][];
  sources: string[];
  report: BuildReport;
}

export { ingredientNameTable };

export function compileRecords(records: SourceRecord[], catalog: Catalog, log: (s: string) => void = () => {}): Compiled {
  const recipes: Recipe[] = [];
  const failures: string[] = [];
  let i = 0;
  for (const rec of records) {
    try {
      recipes.push(toRecipe(rec, { catalog }));
    } catch (e) {
      failures.push(`${rec.source}:${rec.key}: ${(e as Error).message}`);
    }
    if (++i % 1000 === 0) log(`  normalised ${i}/${records.length}`);
  }
  if (failures.length > 0) {
    throw new Error(`${failures.length} source records could not be compiled:\n  ${failures.slice(0, 20).join('\n  ')}`);
  }
  const seen = new Map<string, string>();
  for (const r of recipes) {
    const prev = seen.get(r.id);
    if (prev) throw new Error(`recipe id collision: ${r.id} (${prev} and ${r.url})`);
    seen.set(r.id, r.url);
  }
  recipes.sort(compareDocOrder);
  return {
    recipes,
    catalog: catalog.entries,
    ingredientNames: ingredientNameTable(catalog),
    sources: [...new Set(records.map((r) => r.source))].sort(),
    report: reportOf(recipes, catalog.entries),
  };
}

export function compileDataset(datasetDir: string, log: (s: string) => void = () => {}): Compiled {
  let t = performance.now();
  const catalog = loadCatalog(datasetDir);
  log(`catalog: ${catalog.entries.length} ingredients (${(performance.now() - t).toFixed(0)} ms)`);
  t = performance.now();
  const records = readAllSources(datasetDir);
  log(`sources: ${records.length} records (${(performance.now() - t).toFixed(0)} ms)`);
  t = performance.now();
  const compiled = compileRecords(records, catalog, log);
  log(`normalised: ${compiled.recipes.length} recipes (${(performance.now() - t).toFixed(0)} ms)`);
  return compiled;
}

function reportOf(recipes: readonly Recipe[], catalog: readonly CatalogEntry[]): BuildReport {
  const builder = new ReportBuilder();
  for (const r of recipes) builder.add(r);
  return { ...builder.result(), densities: densityCoverage(catalog) };
}

export interface Built {
  dir: string;
  manifest: Manifest;
  recipeCount: number;
  catalog: CatalogEntry[];
  sources: string[];
  report: BuildReport;
  /** Milliseconds per phase (catalog: loading it on this thread, about 0 with workers, which load their own during normalise; normalise = read + normalise; order; write) and per part writer. */
  timings: { phases: Record<string, number>; writers: Record<string, number> };
}

/**
 * Compiles `datasetDir` and publishes it under `outRoot` (stage, manifest last, rename,
 * `current`), streaming: the same bytes as renderDataset(compileDataset(...)) + publishDataset.
 * `workers` > 0 normalises on that many threads and builds the search index on SEARCH_THREADS more.
 */
export function buildDataset(datasetDir: string, outRoot: string, log: (s: string) => void = () => {}, options: { sources?: readonly string[]; workers?: number } = {}): Built {
  const phases: Record<string, number> = {};
  const writers: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string): number => {
    const now = performance.now();
    phases[name] = Math.round(now - t);
    t = now;
    return phases[name]!;
  };
  const adapters = selectedAdapters(options.sources);
  const report = new ReportBuilder();
  const sources = new Set<string>();
  const spill = spillRecipes(outRoot, Math.max(1, options.workers ?? 0));
  const writerLog = (line: string) => {
    const m = /^\s*(.+?):\s*([\d.]+)\s*ms/.exec(line);
    if (m) writers[m[1]!] = Math.round(Number(m[2]));
    log(line);
  };
  // The search index threads and the file thread load their modules during pass 1: the search
  // index starts as soon as pass 2 does, the dataset's files are written and hashed beside it.
  const search: SearchThread | undefined = options.workers ? searchThread(writerLog) : undefined;
  const files: FileThread | undefined = options.workers ? fileThread() : undefined;
  const pool = options.workers
    ? normalisePool(datasetDir, options.workers, (w) => spill.files(w), (worker, record, { createdAt, id, source }) => {
        sources.add(source);
        spill.note(worker, record, createdAt, id);
      })
    : undefined;
  try {
    // With workers, worker 0 loads the catalog (and posts what this thread needs of it) while the others load theirs.
    const catalog = pool ? undefined : loadCatalog(datasetDir);
    if (catalog) log(`catalog: ${catalog.entries.length} ingredients (${lap('catalog')} ms)`);
    else lap('catalog');
    const failures: string[] = [];
    let read = 0;
    const progress = (n: number) => {
      for (let i = 0; i < n; i++) if (++read % (read <= 10_000 ? 1000 : 50_000) === 0) log(`  ${pool ? 'read' : 'normalised'} ${read}`);
    };
    for (const adapter of adapters) {
      const dir = sourceDir(datasetDir, adapter);
      if (pool && adapter.lines) {
        const keyCheck = adapter.lines.keyCheck();
        adapter.lines.batches(dir, LINE_BATCH, (batch) => {
          const n = batch.starts.length;
          pool.addLines(adapter.name, batch, keyCheck);
          progress(n);
        });
        continue;
      }
      const each = (rec: SourceRecord) => {
        if (pool) pool.add(rec);
        else {
          sources.add(rec.source);
          let recipe: Recipe | undefined;
          try {
            recipe = toRecipe(rec, { catalog: catalog! });
            report.add(recipe);
            spill.render(recipe);
          } catch (e) {
            recipe = undefined;
            failures.push(`${rec.source}:${rec.key}: ${(e as Error).message}`);
          }
          if (recipe) spill.commit(recipe.createdAt, recipe.id);
        }
        progress(1);
      };
      if (adapter.each) adapter.each(dir, each);
      else for (const record of adapter.read(dir)) each(record);
    }
    let poolCatalog: PoolCatalog | undefined;
    if (pool) {
      const done = pool.finish();
      poolCatalog = pool.catalog();
      pool.close(); // their heaps (catalog, memos) are not needed in pass 2
      for (const state of done.reports) report.merge(state);
      done.positions.forEach((positions, w) => spill.attach(w, positions));
      failures.push(...done.failures);
    }
    if (failures.length > 0) {
      throw new Error(`${failures.length} source records could not be compiled:\n  ${failures.slice(0, 20).join('\n  ')}`);
    }
    const normaliseMs = lap('normalise');
    const order = spill.docOrder();
    log(`normalised: ${order.length} recipes from ${read} source inputs (${normaliseMs} ms; doc order ${lap('order')} ms)`);
    log('writing:');
    const { entries, names } = poolCatalog ?? { entries: catalog!.entries, names: ingredientNameTable(catalog!) };
    if (pool) log(`catalog: ${entries.length} ingredients (loaded by the workers)`);
    const head = { recipeCount: order.length, catalog: entries, ingredientNames: names, sources: [...sources].sort() };
    const layout = spill.searchLayout(order);
    search?.start(layout);
    const searchPart = search?.writer ?? searchSpillWriter(layout, writerLog);
    const parts = PART_WRITERS.map((w) => (w === searchWriter ? searchPart : w));
    const { dir, manifest } = writeDataset(outRoot, head, (add) => spill.replay(order, add), parts, writerLog, files);
    lap('write');
    const fullReport = { ...report.result(), densities: densityCoverage(entries) };
    return { dir, manifest, recipeCount: order.length, catalog: entries, sources: head.sources, report: fullReport, timings: { phases, writers } };
  } finally {
    pool?.close();
    search?.close();
    files?.close();
    spill.dispose();
  }
}
