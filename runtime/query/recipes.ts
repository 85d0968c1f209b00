/**
 * Executes a RecipeFilter over the bitmap indexes: intersect what is required, subtract what is
 * excluded, then page by rank. Doc numbers are assigned newest first, so ascending doc order is
 * the list order and a page needs no sort.
 */
import { and, andNot, or, page, rangeBitmap, type Bitmap } from '../format/bitmap.ts';
import type { Dataset } from '../data/open.ts';
import type { PageRequest, PageResult, RecipeFilter } from './filter.ts';

const EMPTY: PageResult = { total: 0, docs: new Uint32Array(0) };

export function isEmptyFilter(f: RecipeFilter): boolean {
  return (
    !f.impossible &&
    f.category === undefined &&
    f.course === undefined &&
    f.cuisine === undefined &&
    f.diet === undefined &&
    f.language === undefined &&
    !f.ingredients?.length &&
    !f.excludeIngredients?.length &&
    !f.equipment?.length &&
    !f.numeric?.length
  );
}

/** The set of docs matching `f`; undefined means "every doc" (no constraint at all). */
export function matchBitmap(ds: Dataset, f: RecipeFilter, all: () => Bitmap): Bitmap | undefined {
  if (f.impossible) return rangeBitmap(0);
  const required: Bitmap[] = [];
  const need = (b: Bitmap | undefined): boolean => {
    if (!b) return false;
    required.push(b);
    return true;
  };
  const fam = ds.families;
  if (f.category !== undefined && !need(fam.category.get(f.category))) return rangeBitmap(0);
  if (f.course !== undefined && !need(fam.course.get(f.course))) return rangeBitmap(0);
  if (f.cuisine !== undefined && !need(fam.cuisine.get(f.cuisine))) return rangeBitmap(0);
  if (f.diet !== undefined && !need(fam.diet.get(f.diet))) return rangeBitmap(0);
  if (f.language !== undefined && !need(fam.language.get(f.language))) return rangeBitmap(0);
  for (const id of f.ingredients ?? []) if (!need(fam.ingredient.get(id))) return rangeBitmap(0);
  for (const slug of f.equipment ?? []) if (!need(fam.equipment.get(slug))) return rangeBitmap(0);
  for (const b of f.numeric ?? []) {
    const index = ds.numeric[b.field];
    required.push(b.op === 'le' ? index.le(b.bound) : index.ge(b.bound));
  }
  const excluded = (f.excludeIngredients ?? []).map((id) => fam['ingredient-any'].get(id)).filter((b): b is Bitmap => !!b);
  if (required.length === 0 && excluded.length === 0) return undefined;
  const base = required.length > 0 ? and(required) : all();
  return excluded.length > 0 ? andNot(base, or(excluded)) : base;
}

export function listRecipes(ds: Dataset, f: RecipeFilter, p: PageRequest, all: () => Bitmap): PageResult {
  const match = matchBitmap(ds, f, all);
  if (match === undefined) {
    // No constraint: docs [offset, offset + limit) directly.
    const n = ds.recipeCount;
    const from = Math.min(p.offset, n);
    const to = Math.min(n, p.offset + p.limit);
    const docs = new Uint32Array(to - from);
    for (let i = 0; i < docs.length; i++) docs[i] = from + i;
    return { total: n, docs };
  }
  if (match.size === 0) return EMPTY;
  return { total: match.size, docs: page(match, p.offset, p.limit) };
}
