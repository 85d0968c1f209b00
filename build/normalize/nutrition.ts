import type { Amount, Nutrition } from '../../runtime/format/recipe.ts';
import type { SchemaNutrition } from '../sources/types.ts';
import { BoundedMemo } from './bounded-memo.ts';

/**
 * schema.org NutritionInformation ("143 kcal", "12 g", "629 mg", "1,2 g") → Nutrition amounts.
 * Calories are kcal (kJ converted at 4.184 kJ/kcal); the macro nutrients are grams (mg converted);
 * cholesterol and sodium keep the unit they were published in (mg or g) — the query layer converts
 * when filtering. A bare number takes schema.org's documented unit (kcal, g, or mg for
 * cholesterol/sodium). Nutrients that were not published, or do not parse, are omitted.
 */

type MacroKey = 'carbohydrates' | 'fat' | 'fiber' | 'protein' | 'saturatedFat' | 'sugar';

const MACROS: [keyof SchemaNutrition, MacroKey][] = [
  ['carbohydrateContent', 'carbohydrates'],
  ['fatContent', 'fat'],
  ['fiberContent', 'fiber'],
  ['proteinContent', 'protein'],
  ['saturatedFatContent', 'saturatedFat'],
  ['sugarContent', 'sugar'],
];

/** "1,2 g" → {value: 1.2, unit: 'g'}; the unit is lower-cased and '' when absent. */
export function parseAmount(raw: unknown): Amount | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? { unit: '', value: raw } : undefined;
  if (typeof raw !== 'string') return undefined;
  const m = /(\d+(?:[.,]\d+)?|[.,]\d+)\s*([a-zµμ]*)/i.exec(raw.replace(/(\d),(\d{3})(?!\d)/g, '$1$2'));
  if (!m) return undefined;
  const value = parseFloat((m[1] ?? '').replace(',', '.'));
  if (!Number.isFinite(value) || value < 0) return undefined;
  return { unit: (m[2] ?? '').toLowerCase(), value };
}

/**
 * Published amounts repeat across recipes ("12 g"): parseAmount of a text memoised (null: none),
 * for the converters below, which only read it. Bounded.
 */
const AMOUNTS = new BoundedMemo<string, Amount | null>(100_000);
const parsedOrNull = (raw: string): Amount | null => parseAmount(raw) ?? null;

function amountOf(raw: unknown): Amount | undefined {
  return typeof raw === 'string' ? AMOUNTS.get(raw, parsedOrNull) ?? undefined : parseAmount(raw);
}

const round = (value: number, digits = 3): number => Math.round(value * 10 ** digits) / 10 ** digits;

function calories(raw: unknown): Amount | undefined {
  const a = amountOf(raw);
  if (!a) return undefined;
  if (a.unit === 'kj') return { unit: 'kcal', value: round(a.value / 4.184, 1) };
  if (a.unit === '' || a.unit === 'kcal' || a.unit.startsWith('cal') || a.unit === 'kalorien') return { unit: 'kcal', value: a.value };
  return undefined;
}

function grams(raw: unknown): Amount | undefined {
  const a = amountOf(raw);
  if (!a) return undefined;
  if (a.unit === '' || a.unit === 'g' || a.unit.startsWith('gram')) return { unit: 'g', value: a.value };
  if (a.unit === 'mg') return { unit: 'g', value: round(a.value / 1000) };
  return undefined;
}

/** Keeps mg or g as published (sodium may be published in grams). */
function milligramsOrGrams(raw: unknown): Amount | undefined {
  const a = amountOf(raw);
  if (!a) return undefined;
  if (a.unit === '' || a.unit === 'mg' || a.unit.startsWith('milligram')) return { unit: 'mg', value: a.value };
  if (a.unit === 'g' || a.unit.startsWith('gram')) return { unit: 'g', value: a.value };
  return undefined;
}

export interface NutritionContext {
  basis?: 'serving' | 'recipe';
  source?: 'provided' | 'estimated';
}

/** {} when nothing usable was published; basis/source only set when some nutrient is present. */
export function toNutrition(raw: SchemaNutrition | undefined, ctx: NutritionContext = {}): Nutrition {
  if (!raw || typeof raw !== 'object') return {};
  const out: Nutrition = {};
  const kcal = calories(raw.calories);
  if (kcal) out.calories = kcal;
  for (const [from, to] of MACROS) {
    const amount = grams(raw[from]);
    if (amount) out[to] = amount;
  }
  const cholesterol = milligramsOrGrams(raw.cholesterolContent);
  if (cholesterol) out.cholesterol = cholesterol;
  const sodium = milligramsOrGrams(raw.sodiumContent);
  if (sodium) out.sodium = sodium;
  if (Object.keys(out).length === 0) return {};
  const head: Nutrition = {};
  if (ctx.basis) head.basis = { type: ctx.basis };
  head.source = ctx.source ?? 'provided';
  return { ...head, ...out };
}
