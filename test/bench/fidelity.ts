/**
 * A few shares read off a compiled dataset's indexes (no record decoding), to show how close
 * the synthetic datasets stay to the real one they were learned from.
 */
import { openDataset } from '../../runtime/data/open.ts';
import { cardinality, or } from '../../runtime/format/bitmap.ts';
import type { BitmapFamily } from '../../runtime/format/constants.ts';

export interface Profile {
  recipes: number;
  /** Share of recipes per value, for the top languages. */
  languages: Record<string, number>;
  /** Share of recipes with at least one value of the family / a known numeric key. */
  coverage: Record<string, number>;
  /** Mean distinct required canonical ingredients per recipe. */
  meanIngredients: number;
  /** Share of recipes using each of the 5 most common ingredients. */
  topIngredients: Record<string, number>;
}

export function profileDataset(dir: string): Profile {
  const ds = openDataset(dir, { verify: 'size' });
  const n = ds.recipeCount;
  const share = (x: number) => Math.round((x / n) * 1000) / 1000;
  const union = (family: BitmapFamily) => {
    const all = ds.families[family].keys().map((k) => ds.families[family].get(k.key)!);
    return all.length === 0 ? 0 : cardinality(or(all));
  };
  const byCount = (family: BitmapFamily) => ds.families[family].keys().slice().sort((a, b) => b.cardinality - a.cardinality);
  const coverage: Record<string, number> = {};
  for (const f of ['course', 'cuisine', 'category', 'diet', 'equipment'] as const) coverage[f] = share(union(f));
  for (const f of ['totalTime', 'calories', 'protein'] as const) coverage[f] = share(cardinality(ds.numeric[f].has()));
  return {
    recipes: n,
    languages: Object.fromEntries(byCount('language').slice(0, 6).map((k) => [k.key, share(k.cardinality)])),
    coverage,
    meanIngredients: Math.round((ds.families.ingredient.keys().reduce((s, k) => s + k.cardinality, 0) / n) * 100) / 100,
    topIngredients: Object.fromEntries(byCount('ingredient').slice(0, 5).map((k) => [k.key, share(k.cardinality)])),
  };
}
