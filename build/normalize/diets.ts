/**
 * Diets a recipe is known to suit. A diet is listed when no ingredient is known NOT to suit it and
 * either every ingredient line has a canonical id whose entry says it suits, or the source labels
 * the recipe with that diet. One unsuitable ingredient excludes the diet even when labelled.
 */
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import type { Catalog } from './catalog.ts';
import { normalizeName } from '../catalog/normalize-name.ts';

type DietFlag = 'vegan' | 'vegetarian' | 'pescatarian' | 'dairyFree' | 'glutenFree';

const DIETS: readonly [string, DietFlag][] = [
  ['dairy-free', 'dairyFree'],
  ['gluten-free', 'glutenFree'],
  ['pescatarian', 'pescatarian'],
  ['vegan', 'vegan'],
  ['vegetarian', 'vegetarian'],
];

/** Source labels (normalised) per diet slug: schema.org suitableForDiet values and words in several languages. */
export const DIET_LABELS: Record<string, readonly string[]> = {
  'dairy-free': ['dairy-free', 'dairyfree', 'lactose-free', 'laktosfri', 'laktosefrei', 'milchfrei', 'sans-lactose', 'sin-lactosa', 'mjolkfri', 'https://schema.org/lowlactosediet', 'lowlactosediet', '无乳制品'],
  'gluten-free': ['gluten-free', 'glutenfree', 'glutenfri', 'glutenfrei', 'sans-gluten', 'sin-gluten', 'senza-glutine', 'glutenvrij', 'sem-gluten', 'https://schema.org/glutenfreediet', 'glutenfreediet', '无麸质'],
  pescatarian: ['pescatarian', 'pescetarian', 'pescetarisch', 'pescatarien', 'pescetariano', 'https://schema.org/pescatariandiet'],
  vegan: ['vegan', 'vegansk', 'vegane', 'veganes', 'veganer', 'vegetalien', 'vegetalienne', 'vegano', 'vegana', 'veganistisch', 'https://schema.org/vegandiet', 'vegandiet', '纯素'],
  vegetarian: ['vegetarian', 'vegetarisch', 'vegetarische', 'vegetariskt', 'vegetarisk', 'vegetarien', 'vegetarienne', 'vegetariano', 'vegetariana', 'https://schema.org/vegetariandiet', 'vegetariandiet', '素食'],
};

const LABEL_INDEX = new Map<string, string>();
for (const [slug, words] of Object.entries(DIET_LABELS)) for (const w of words) LABEL_INDEX.set(normalizeName(w), slug);

/** Diet slugs named by the source's labels ('Vegetarisch', 'https://schema.org/VeganDiet', …). */
export function labelledDiets(labels: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const l of labels) {
    const slug = LABEL_INDEX.get(normalizeName(l)) ?? LABEL_INDEX.get(normalizeName(l.replace(/^http:/, 'https:')));
    if (slug) out.add(slug);
  }
  return out;
}

/**
 * Diet slugs (dairy-free, gluten-free, pescatarian, vegan, vegetarian) the recipe is known to suit,
 * from its ingredients' canonical ids and the source's explicit labels. Unknown → not listed.
 */
export function deriveDiets(ingredientIds: (string | undefined)[], labels: string[], catalog: Catalog): string[] {
  const labelled = labelledDiets(labels);
  const entries: (CatalogEntry | undefined)[] = ingredientIds.map((id) => (id === undefined ? undefined : catalog.get(id)));
  const out: string[] = [];
  for (const [slug, flag] of DIETS) {
    if (entries.some((e) => e?.[flag] === false)) continue;
    const allKnown = entries.length > 0 && entries.every((e) => e?.[flag] === true);
    if (allKnown || labelled.has(slug)) out.push(slug);
  }
  return out;
}
