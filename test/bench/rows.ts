/**
 * The records every peer is built from: one plain row per doc, decoded from OUR compiled
 * dataset, so all subjects answer over exactly the same recipes (doc numbers included, so
 * "newest first" is `doc` ascending everywhere).
 */
import type { Engine } from '../../runtime/query/engine.ts';
import { NUMERIC_FIELDS, type NumericField } from '../../runtime/format/constants.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import { NUMERIC_KEYS } from '../../runtime/format/numeric-keys.ts';

export interface Row {
  doc: number;
  language: string;
  categories: string[];
  courses: string[];
  cuisines: string[];
  diets: string[];
  equipment: string[];
  /** Canonical ids of non-optional lines (the `ingredient` family). */
  required: string[];
  /** Canonical ids of every line (the `ingredient-any` family). */
  any: string[];
  /** Pantry T: distinct counted ids + counted lines without an id (build/write/pantry.ts). */
  counted: number;
  num: Partial<Record<NumericField, number>>;
  title: string;
  /** Ingredient names, tags, categories, cuisines and description: what peers index for search besides the title. */
  text: string;
}

export function toRow(doc: number, r: Recipe): Row {
  const required = new Set<string>();
  const any = new Set<string>();
  let unmatchable = 0;
  for (const line of r.ingredients) {
    if (line.id) any.add(line.id);
    if (line.optional) continue;
    if (line.id) required.add(line.id);
    else unmatchable++;
  }
  const num: Row['num'] = {};
  for (const f of NUMERIC_FIELDS) {
    const v = NUMERIC_KEYS[f].key(r);
    if (v !== undefined) num[f] = v;
  }
  return {
    doc,
    language: r.language,
    categories: r.categories,
    courses: r.courses,
    cuisines: r.cuisines,
    diets: r.diets,
    equipment: r.equipment ?? [],
    required: [...required],
    any: [...any],
    counted: required.size + unmatchable,
    num,
    title: r.title,
    text: [r.ingredients.map((i) => i.name).join(' '), r.tags.join(' '), r.categories.join(' '), r.cuisines.join(' '), r.description].join(' \n '),
  };
}

export function extractRows(engine: Engine): Row[] {
  const rows: Row[] = new Array(engine.info.recipeCount);
  for (let doc = 0; doc < engine.info.recipeCount; doc++) rows[doc] = toRow(doc, engine.record(doc));
  return rows;
}
