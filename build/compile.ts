/**
 * The compiler's pure core: sources → Recipe objects in doc order (newest first) + the
 * ingredient catalog + the coverage report. No files are written here (see build/cli.ts).
 */
import type { CatalogEntry } from '../runtime/format/catalog.ts';
import type { Recipe } from '../runtime/format/recipe.ts';
import { normalizeName } from '../runtime/format/normalize-name.ts';
import { loadCatalog, type Catalog } from './normalize/catalog.ts';
import { toRecipe } from './normalize/recipe.ts';
import { readAllSources } from './sources/index.ts';
import type { SourceRecord } from './sources/types.ts';
import { coverageReport, type BuildReport } from './report.ts';
import { compareDocOrder } from './write/doc-order.ts';

export interface Compiled {
  recipes: Recipe[];
  catalog: CatalogEntry[];
  ingredientNames: [string, string][];
  sources: string[];
  report: BuildReport;
}

/**
 * Every normalised name (and id) that resolves, with the id Catalog.match gives it, so the
 * runtime's whole-name lookup is exactly the compiler's.
 */
export function ingredientNameTable(catalog: Catalog): [string, string][] {
  const table = new Map<string, string>();
  for (const e of catalog.entries) {
    table.set(normalizeName(e.id), e.id);
    for (const list of Object.values(e.names)) {
      for (const name of list) {
        const key = normalizeName(name);
        if (!key || table.has(key)) continue;
        const id = catalog.match(name);
        if (id) table.set(key, id);
      }
    }
  }
  return [...table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

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
    report: coverageReport(recipes),
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
