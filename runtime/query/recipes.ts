/**
 * Executes a RecipeFilter over the bitmap indexes: intersect what is required, subtract what is
 * excluded, then page by rank. Doc numbers are assigned newest first, so ascending doc order is
 * the list order and a page needs no sort.
 */
import { and, andInPlace, andNot, cardinality, intersectionSize, intersectionSize3, or, page, pageOfCombination, release, type Bitmap } from '../format/bitmap.ts';
import type { Dataset } from '../data/dataset.ts';
import type { PageRequest, PageResult, RecipeFilter } from './filter.ts';
import { prefetchBitmaps } from './prefetch.ts';

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

/**
 * A filter as bitmaps: docs in every `required` bitmap and in none of the `excluded` ones.
 * `impossible`: some required value has no docs. Numeric bounds are the index's own bitmaps
 * (le/ge, the last few of each kept by the reader), so a lower bound is one required bitmap, not
 * an exclusion to subtract from a dense one on every query.
 */
export interface Plan {
  required: Bitmap[];
  excluded: Bitmap[];
  impossible: boolean;
}

export function plan(ds: Dataset, f: RecipeFilter): Plan {
  const p: Plan = { required: [], excluded: [], impossible: !!f.impossible };
  const need = (b: Bitmap | undefined): void => {
    if (b && cardinality(b) > 0) p.required.push(b);
    else p.impossible = true;
  };
  const fam = ds.families;
  prefetchBitmaps(ds, [
    ['category', [f.category]],
    ['course', [f.course]],
    ['cuisine', [f.cuisine]],
    ['diet', [f.diet]],
    ['language', [f.language]],
    ['ingredient', f.ingredients ?? []],
    ['equipment', f.equipment ?? []],
    ['ingredient-any', f.excludeIngredients ?? []],
  ]);
  if (f.category !== undefined) need(fam.category.get(f.category));
  if (f.course !== undefined) need(fam.course.get(f.course));
  if (f.cuisine !== undefined) need(fam.cuisine.get(f.cuisine));
  if (f.diet !== undefined) need(fam.diet.get(f.diet));
  if (f.language !== undefined) need(fam.language.get(f.language));
  for (const id of f.ingredients ?? []) need(fam.ingredient.get(id));
  for (const slug of f.equipment ?? []) need(fam.equipment.get(slug));
  for (const b of f.numeric ?? []) {
    const index = ds.numeric[b.field];
    need(b.op === 'le' ? index.le(b.bound) : index.ge(b.bound));
  }
  for (const id of f.excludeIngredients ?? []) {
    const b = fam['ingredient-any'].get(id);
    if (b && cardinality(b) > 0) p.excluded.push(b);
  }
  return p;
}

/**
 * Total and page without building the whole match (see bitmap.ts, "Counting and paging"). The
 * smallest required bitmap S is never materialised: the rest is combined first (largest first,
 * exclusions subtracted from the largest, so intermediate results stay dense and cheap), the
 * total is |rest ∩ S| counted without building it, and the page is built chunk by chunk from S.
 * Exactly three required bitmaps and no exclusion are counted by inclusion–exclusion instead.
 */
export function listRecipes(ds: Dataset, f: RecipeFilter, p: PageRequest, all: () => Bitmap): PageResult {
  const q = plan(ds, f);
  if (q.impossible) return EMPTY;
  const n = ds.recipeCount;
  if (q.required.length === 0 && q.excluded.length === 0) {
    // No constraint: docs [offset, offset + limit) directly.
    const from = Math.min(p.offset, n);
    const to = Math.min(n, p.offset + p.limit);
    const docs = new Uint32Array(to - from);
    for (let i = 0; i < docs.length; i++) docs[i] = from + i;
    return { total: n, docs };
  }
  // Bitmaps built here (not the indexes' own) are released before returning: see release().
  const owned: Bitmap[] = [];
  try {
    return pageOf(q, p, all, owned);
  } finally {
    for (const b of owned) release(b);
  }
}

function pageOf(q: Plan, p: PageRequest, all: () => Bitmap, owned: Bitmap[]): PageResult {
  const not = q.excluded.length === 0 ? undefined : q.excluded.length === 1 ? q.excluded[0]! : own(owned, or(q.excluded));
  // Largest first; the smallest (or every doc, when only exclusions are given) is `small`.
  const required = [...q.required].sort((a, b) => cardinality(b) - cardinality(a));
  const small = required.pop() ?? all();
  let total: number;
  let pageFrom: Bitmap[];
  if (required.length === 0) {
    total = cardinality(small) - (not ? intersectionSize(small, not) : 0);
    pageFrom = [];
  } else if (required.length === 2 && not === undefined) {
    total = intersectionSize3(required[0]!, required[1]!, small);
    pageFrom = required;
  } else {
    let rest: Bitmap;
    if (not !== undefined) {
      rest = own(owned, andNot(required[0]!, not));
      for (const b of required.slice(1)) andInPlace(rest, b);
    } else rest = required.length === 1 ? required[0]! : own(owned, and(required));
    total = intersectionSize(rest, small);
    pageFrom = [rest];
  }
  if (total === 0 || p.offset >= total) return { total, docs: new Uint32Array(0) };
  if (pageFrom.length === 0 && not === undefined) return { total, docs: page(small, p.offset, p.limit) };
  return { total, docs: pageOfCombination(small, pageFrom, pageFrom.length === 0 ? not : undefined, p.offset, p.limit) };
}

function own(owned: Bitmap[], b: Bitmap): Bitmap {
  owned.push(b);
  return b;
}
