import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import { ingredientNameTable } from '../../build/compile.ts';
import { catalogFromEntries } from '../../build/normalize/catalog.ts';
import { compareDocOrder } from '../../build/write/doc-order.ts';
import { publishDataset, renderDataset } from '../../build/write/write-dataset.ts';
import type { Dataset } from '../../runtime/data/dataset.ts';
import { openDataset } from '../../runtime/data/open.ts';
import { createEngine } from '../../runtime/query/create-engine.ts';
import type { Engine } from '../../runtime/query/engine.ts';

export function catalogEntry(id: string, names: Record<string, string[]> = { en: [id.replace(/-/g, ' ')] }, extra: Partial<CatalogEntry> = {}): CatalogEntry {
  return { id, name: names.en?.[0] ?? id, names, sources: ['curated'], recipeCount: 0, ...extra };
}

export interface Fixture {
  root: string;
  dir: string;
  dataset: Dataset;
  engine: Engine;
  /** Recipes in doc order. */
  recipes: Recipe[];
  cleanup(): void;
}

/** Compiles recipe objects into a temporary dataset directory and opens it. */
export function buildFixture(recipes: Recipe[], catalog: CatalogEntry[] = []): Fixture {
  const sorted = [...recipes].sort(compareDocOrder);
  // The compiler's own name table, so fixtures resolve names exactly as a real build does.
  const ingredientNames = ingredientNameTable(catalogFromEntries(catalog));
  const files = renderDataset({ recipes: sorted, catalog, ingredientNames }, ['test']);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-fixture-'));
  const dir = publishDataset(root, files);
  const dataset = openDataset(dir);
  return {
    root,
    dir,
    dataset,
    engine: createEngine(dataset),
    recipes: sorted,
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
