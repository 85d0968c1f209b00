import type { Recipe } from '../../runtime/format/recipe.ts';

/** Newest first (createdAt descending), then id ascending: the doc order of FORMAT.md § 2 Doc numbers. */
export function compareDocOrder(a: Recipe, b: Recipe): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
