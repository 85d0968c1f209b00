/**
 * What one ingredient line tells about diets, beyond its canonical id (diets.ts):
 *
 * - A line offering alternatives ("chicken or vegetable stock", "agave nectar or honey", "Butter
 *   oder Margarine") suits a diet when one alternative is known to suit it, and is known not to
 *   suit it only when no alternative suits and one is known not to: the cook chooses.
 * - Every ingredient the name holds counts against a diet, not only the one its id names: the
 *   name's longest runs of words that are a catalog name ("creamy garlic and herb goat cheese" →
 *   garlic, herb, goat cheese) each exclude the diets their entry does not suit. So a line whose id
 *   is its first ingredient, or a line without an id ("spicy cheddar cheese"), cannot label a
 *   recipe vegan while naming cheese.
 * - A qualifier in the name lifts that exclusion for what it promises ("vegan mayo", "dairy-free
 *   white chocolate", "gluten-free oats").
 *
 * Masks are bit masks over diets.ts' DIETS order: [known to suit, known not to suit].
 */
import { alternativesOf } from '../catalog/canonical-name.ts';
import { normalizeName } from '../catalog/normalize-name.ts';
import { matchRecipeIngredient, type Catalog } from './catalog.ts';

export type Masks = readonly [yes: number, no: number];

/** Longest run of words tried as one catalog name. */
const MAX_PHRASE = 4;

/** Normalised qualifier words → the diets (by flag name) whose exclusion they lift. */
const QUALIFIERS: Record<string, readonly string[]> = {
  vegan: ['vegan', 'vegetarian', 'dairyFree'],
  'plant-based': ['vegan', 'vegetarian', 'dairyFree'],
  vegane: ['vegan', 'vegetarian', 'dairyFree'],
  veganer: ['vegan', 'vegetarian', 'dairyFree'],
  veganes: ['vegan', 'vegetarian', 'dairyFree'],
  veganen: ['vegan', 'vegetarian', 'dairyFree'],
  vegansk: ['vegan', 'vegetarian', 'dairyFree'],
  vegano: ['vegan', 'vegetarian', 'dairyFree'],
  vegana: ['vegan', 'vegetarian', 'dairyFree'],
  vegetalien: ['vegan', 'vegetarian', 'dairyFree'],
  vegetalienne: ['vegan', 'vegetarian', 'dairyFree'],
  vegetarian: ['vegetarian'],
  vegetarische: ['vegetarian'],
  vegetarischer: ['vegetarian'],
  veggie: ['vegetarian'],
  meatless: ['vegetarian'],
  // A dairy-free milk, butter or cheese is a plant product: what made its dairy name unsuitable is gone.
  'dairy-free': ['vegan', 'vegetarian', 'dairyFree'],
  'non-dairy': ['vegan', 'vegetarian', 'dairyFree'],
  'lactose-free': ['dairyFree'],
  laktosefrei: ['dairyFree'],
  laktosfri: ['dairyFree'],
  'gluten-free': ['glutenFree'],
  glutenfrei: ['glutenFree'],
  glutenfri: ['glutenFree'],
  'sans-gluten': ['glutenFree'],
};

/** The diets (flag names) a name's qualifiers promise. */
function promised(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (const key of [words[i]!, `${words[i]}-${words[i + 1] ?? ''}`]) for (const flag of QUALIFIERS[key] ?? []) out.add(flag);
  }
  return out;
}

/** Per catalog, per language: normalised name in that language → id (the first entry to claim it). */
const NAMES = new WeakMap<Catalog, Map<string, Map<string, string>>>();

/**
 * The names of the language alone: a word of one language is another's food ("and" is Danish for
 * duck), and a run of a name's words is not matched the careful way whole names are.
 */
function namesOf(catalog: Catalog, language: string): Map<string, string> {
  let perLanguage = NAMES.get(catalog);
  if (perLanguage === undefined) NAMES.set(catalog, (perLanguage = new Map()));
  let names = perLanguage.get(language);
  if (names === undefined) {
    names = new Map();
    for (const e of catalog.entries) for (const n of e.names[language] ?? []) if (!names.has(normalizeName(n))) names.set(normalizeName(n), e.id);
    perLanguage.set(language, names);
  }
  return names;
}

/** The catalog ids of the name's longest runs of words that are a catalog name in its language, left to right. */
export function idsInName(name: string, language: string, catalog: Catalog): string[] {
  const names = namesOf(catalog, language);
  const words = wordsOf(name);
  const ids: string[] = [];
  for (let i = 0; i < words.length; ) {
    let step = 1;
    for (let n = Math.min(MAX_PHRASE, words.length - i); n >= 1; n--) {
      const id = names.get(words.slice(i, i + n).join('-'));
      if (id !== undefined) {
        ids.push(id);
        step = n;
        break;
      }
    }
    i += step;
  }
  return ids;
}

/** The words of a name without its parenthesised asides and what follows its first comma. */
function wordsOf(name: string): string[] {
  const core = name.replace(/\([^)]*\)?|\[[^\]]*\]?|（[^）]*）?/gu, ' ').split(/[,;，；]/u)[0] ?? '';
  const words = normalizeName(core).split('-').filter((w) => w !== '' && !/\d/.test(w));
  // "dairy free", "sans gluten", "ohne Ei": a word the name says it is without is no ingredient of it.
  return words.filter((w, i) => !FREE.has(w) && !FREE.has(words[i + 1] ?? '') && !WITHOUT.has(words[i - 1] ?? ''));
}

const FREE = new Set(['free', 'frei', 'fri', 'vrij']);
const WITHOUT = new Set(['without', 'no', 'non', 'sans', 'sin', 'senza', 'sem', 'ohne', 'utan', 'uden', 'zonder']);

/**
 * The masks of one text naming one ingredient: its id's (when given), with the exclusions of every
 * catalog name inside it, less what its qualifiers promise.
 */
function textMasks(text: string, id: string | undefined, language: string, catalog: Catalog, masksOf: (id: string | undefined) => Masks, flagBits: (flags: ReadonlySet<string>) => number): Masks {
  let [yes, no] = masksOf(id);
  for (const inner of idsInName(text, language, catalog)) no |= masksOf(inner)[1];
  const lifted = flagBits(promised(normalizeName(text).split('-')));
  return [yes, no & ~lifted];
}

/**
 * The masks of one ingredient line (see the module comment): `id` is the line's canonical id,
 * `masksOf` gives an id's masks and `flagBits` the bits of a set of flag names.
 */
export function lineMasks(name: string, id: string | undefined, language: string, catalog: Catalog, masksOf: (id: string | undefined) => Masks, flagBits: (flags: ReadonlySet<string>) => number): Masks {
  let [yes, no] = textMasks(name, id, language, catalog, masksOf, flagBits);
  const alternatives = alternativesOf(name, language);
  if (alternatives.length === 0) return [yes, no];
  for (const alt of alternatives) yes |= textMasks(alt, matchRecipeIngredient(catalog, alt, language), language, catalog, masksOf, flagBits)[0];
  return [yes, no & ~yes];
}
