/**
 * The integer key each numeric index stores per recipe (FORMAT.md § 7.1 Numeric keys). Shared by the
 * writer and by tests' oracles. Filters only ever ask "max" fields for <= and "min" fields for >=,
 * so rounding up (max fields) or down (min fields) keeps inclusive integer bounds exact.
 */
import type { Recipe, Amount } from './recipe.ts';
import type { NumericField } from './constants.ts';

function perServing(r: Recipe, amount: Amount | undefined): number | undefined {
  if (!amount || r.nutrition.basis?.type !== 'serving') return undefined;
  return Number.isFinite(amount.value) && amount.value >= 0 ? amount.value : undefined;
}

/** Sodium in milligrams: published in g is converted (x 1000); mg as is; other units unknown. */
export function sodiumMg(r: Recipe): number | undefined {
  const s = r.nutrition.sodium;
  const v = perServing(r, s);
  if (v === undefined || !s) return undefined;
  const unit = s.unit.toLowerCase();
  if (unit === 'mg') return v;
  if (unit === 'g') return v * 1000;
  return undefined;
}

function kcal(r: Recipe): number | undefined {
  const c = r.nutrition.calories;
  const v = perServing(r, c);
  if (v === undefined || !c) return undefined;
  const unit = c.unit.toLowerCase();
  if (unit === 'kcal' || unit === 'cal' || unit === 'calories') return v;
  if (unit === 'kj') return v / 4.184;
  return undefined;
}

function grams(r: Recipe, amount: Amount | undefined): number | undefined {
  const v = perServing(r, amount);
  if (v === undefined || !amount) return undefined;
  const unit = amount.unit.toLowerCase();
  if (unit === 'g') return v;
  if (unit === 'mg') return v / 1000;
  return undefined;
}

/** Up to 1e-9 of float noise is forgiven before rounding (0.1 + 0.2 must not become 1). */
const up = (v: number | undefined) => (v === undefined ? undefined : Math.ceil(v - 1e-9));
const down = (v: number | undefined) => (v === undefined ? undefined : Math.floor(v + 1e-9));

export const NUMERIC_KEYS: Record<NumericField, { unit: string; key: (r: Recipe) => number | undefined }> = {
  totalTime: { unit: 'seconds', key: (r) => r.times.total?.seconds },
  cookTime: { unit: 'seconds', key: (r) => r.times.cook?.seconds },
  calories: { unit: 'kcal per serving, rounded up', key: (r) => up(kcal(r)) },
  protein: { unit: 'g per serving, rounded down', key: (r) => down(grams(r, r.nutrition.protein)) },
  sodium: { unit: 'mg per serving, rounded up', key: (r) => up(sodiumMg(r)) },
  fiber: { unit: 'g per serving, rounded down', key: (r) => down(grams(r, r.nutrition.fiber)) },
};
