/**
 * Diets a recipe is known to suit. A diet is listed when no ingredient is known NOT to suit it and
 * either every ingredient line has a canonical id whose entry says it suits, or the source labels
 * the recipe with that diet. One unsuitable ingredient excludes the diet even when labelled. With
 * the lines' names, a line's alternatives and every ingredient its name holds count as well
 * (diet-lines.ts).
 */
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import type { Catalog } from './catalog.ts';
import { normalizeName } from '../catalog/normalize-name.ts';
import { BoundedMemo } from './bounded-memo.ts';
import { lineMasks, type Masks } from './diet-lines.ts';

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
    const slug = labelledDiet(l);
    if (slug) out.add(slug);
  }
  return out;
}

/** The diet one label names, memoised (labels repeat across recipes; bounded). */
const LABEL_MEMO = new BoundedMemo<string, string | null>(100_000);

const dietOfLabel = (label: string): string | null =>
  LABEL_INDEX.get(normalizeName(label)) ?? LABEL_INDEX.get(normalizeName(label.replace(/^http:/, 'https:'))) ?? null;

const labelledDiet = (label: string): string | undefined => LABEL_MEMO.get(label, dietOfLabel) ?? undefined;

/**
 * Diet slugs (dairy-free, gluten-free, pescatarian, vegan, vegetarian) the recipe is known to suit,
 * from its ingredients' canonical ids and the source's explicit labels. Unknown → not listed.
 */
export function deriveDiets(
  ingredientIds: (string | undefined)[],
  labels: readonly string[] | ReadonlySet<string>,
  catalog: Catalog,
  lines?: { names: readonly string[]; language: string },
): string[] {
  // Labels, or the diets they name (labelledDiets).
  const labelled = labels instanceof Set ? labels : labelledDiets(labels as readonly string[]);
  // Bit i of a mask stands for DIETS[i]: `suits` when every entry says it suits, `unsuitable` when any says it does not.
  let suits = ingredientIds.length > 0 ? ALL : 0;
  let unsuitable = 0;
  const byId = masksByIdOf(catalog);
  for (let i = 0; i < ingredientIds.length; i++) {
    const id = ingredientIds[i];
    const name = lines?.names[i];
    const [yes, no] = name === undefined ? masksOf(catalog, byId, id) : lineMasksOf(catalog, byId, name, id, lines!.language);
    suits &= yes;
    unsuitable |= no;
  }
  const out: string[] = [];
  for (let i = 0; i < DIETS.length; i++) {
    const bit = 1 << i;
    if (unsuitable & bit) continue;
    const slug = DIETS[i]![0];
    if (suits & bit || labelled.has(slug)) out.push(slug);
  }
  return out;
}

const ALL = (1 << DIETS.length) - 1;

/** The bits of a set of flag names. */
const flagBits = (flags: ReadonlySet<string>): number => DIETS.reduce((bits, [, flag], i) => (flags.has(flag) ? bits | (1 << i) : bits), 0);

/** Lines repeat across recipes: lineMasks memoised per catalog by (language, id, name) (bounded). */
const LINE_MASKS = new WeakMap<Catalog, BoundedMemo<string, Masks>>();

function lineMasksOf(catalog: Catalog, byId: Map<string, readonly [number, number]>, name: string, id: string | undefined, language: string): Masks {
  let memo = LINE_MASKS.get(catalog);
  if (memo === undefined) LINE_MASKS.set(catalog, (memo = new BoundedMemo(200_000)));
  return memo.get(`${language}\u0000${id ?? ''}\u0000${name}`, () => lineMasks(name, id, language, catalog, (x) => masksOf(catalog, byId, x), flagBits));
}
const NO_ENTRY: readonly [number, number] = [0, 0];
/** Per catalog: id → [flags true, flags false] as DIETS bit masks (entries never change during a build). */
const MASKS = new WeakMap<Catalog, Map<string, readonly [number, number]>>();

/** The catalog's masks so far (MASKS), looked up once per recipe rather than once per ingredient. */
function masksByIdOf(catalog: Catalog): Map<string, readonly [number, number]> {
  let byId = MASKS.get(catalog);
  if (byId === undefined) MASKS.set(catalog, (byId = new Map()));
  return byId;
}

function masksOf(catalog: Catalog, byId: Map<string, readonly [number, number]>, id: string | undefined): readonly [number, number] {
  if (id === undefined) return NO_ENTRY;
  let masks = byId.get(id);
  if (masks === undefined) {
    const e: CatalogEntry | undefined = catalog.get(id);
    let yes = 0;
    let no = 0;
    DIETS.forEach(([, flag], i) => {
      if (e?.[flag] === true) yes |= 1 << i;
      if (e?.[flag] === false) no |= 1 << i;
    });
    masks = [yes, no];
    byId.set(id, masks);
  }
  return masks;
}
