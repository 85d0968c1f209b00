import type { Ingredient, Recipe } from '../../runtime/format/recipe.ts';
import type { SourceRecord } from '../sources/types.ts';
import { toAuthor } from './author.ts';
import type { Catalog } from './catalog.ts';
import { pickDates } from './dates.ts';
import { deriveDiets, labelledDiets } from './diets.ts';
import { parseDuration } from './durations.ts';
import { recipeId } from './id.ts';
import { toIngredients } from './ingredients.ts';
import { flattenInstructions, type StepText } from './instructions.ts';
import { toLabels, toTags } from './labels.ts';
import { toMedia } from './media.ts';
import { toNutrition } from './nutrition.ts';
import { parseServings } from './servings.ts';
import { cleanText, isHttpUrl, splitBlock, stringsOf, toArray, toHttpUrl } from './text.ts';
import { categorySlugs, equipmentFromInstructions, mapCourses, mapCuisines, mapEquipment, normalizeLanguage } from './vocab.ts';
import { BoundedMemo } from './bounded-memo.ts';
import { fillEmpty } from './vocab/fill-empty.ts';
import { COURSES, CUISINES } from '../../runtime/format/vocabulary.ts';
import { LABEL_MODEL, LABEL_SAMPLE } from './vocab/label-model/load.ts';
import { evidenceOf, type ModelEvidence } from './vocab/label-model/features.ts';
import type { LabelModel } from './vocab/label-model/model.ts';
import type { SampleLabels } from './vocab/label-model/sample.ts';

export interface NormalizeContext {
  catalog: Catalog;
  /** false: courses and cuisines only from the recipe's own labels (what the label model learns from and is measured on). Default true. */
  inferLabels?: boolean;
  /** Hand labels by recipe id, which win over the model and the rules. Default: dataset/vocab/label-sample.json. */
  handLabels?: ReadonlyMap<string, SampleLabels>;
  /** The course and cuisine model. Default: dataset/vocab/label-model.json. */
  labelModel?: LabelModel;
}

/** Which fields of a recipe were inferred, and from what ('model: ingredients', 'rule: source'; read by the build report in the same thread). */
const INFERRED = new WeakMap<Recipe, { field: 'courses' | 'cuisines'; labels: string[]; origin: string }[]>();
export const inferredOf = (r: Recipe) => INFERRED.get(r) ?? [];

/**
 * The one pipeline every source goes through: a schema.org-shaped SourceRecord → the compiled
 * Recipe. Adapters only translate formats; every rule about the output lives here and in the
 * small modules it calls.
 */
export function toRecipe(rec: SourceRecord, ctx: NormalizeContext): Recipe {
  const r = rec.recipe;
  const hints = rec.hints ?? {};
  const language = languageOf(rec);
  const url = urlOf(rec);

  const ingredientLines = linesOf(r.recipeIngredient ?? r.ingredients);
  // Lines that name equipment, not food ("parchment paper", "Equipment: 2 skewers"), are moved
  // to the equipment they describe: they are no ingredient a pantry could cover or lack.
  const parsedLines = toIngredients(ingredientLines, hints.ingredients, language, ctx.catalog);
  const nonFood = nonFoodOf(parsedLines, ctx.catalog, language);
  const ingredients = nonFood.length > 0 ? parsedLines.filter((i) => !nonFood.includes(i)) : parsedLines;
  const stepTexts: (StepText | undefined)[] = [];
  const steps = flattenInstructions(r.recipeInstructions, stepTexts);

  const labelled = labelsOf(r, hints, language);

  const times: Recipe['times'] = {};
  const prep = parseDuration(r.prepTime);
  const cook = parseDuration(r.cookTime);
  // Total as published; derived as prep + cook only when both are known (never from one alone).
  const total = parseDuration(r.totalTime) ?? (prep !== undefined && cook !== undefined ? prep + cook : undefined);
  if (prep !== undefined) times.prep = { seconds: prep };
  if (cook !== undefined) times.cook = { seconds: cook };
  if (total !== undefined) times.total = { seconds: total };

  const dates = pickDates({
    published: [r.datePublished, r.dateCreated, hints.createdAt],
    modified: [r.dateModified, hints.updatedAt],
    fallback: hints.snapshotDate ?? '',
  });

  const recipe: Recipe = {
    id: recipeId(rec.source, rec.key),
    title: cleanText(r.name ?? r.headline ?? ''),
    description: cleanText(typeof r.description === 'string' ? r.description : ''),
    url,
    language,
    instructions: steps.map((text, i) => ({ step: i + 1, text })),
    text: { ingredients: ingredients.map((i) => i.display), instructions: steps },
    ingredients,
    categories: labelled.categories.slice(),
    courses: labelled.courses.slice(),
    cuisines: labelled.cuisines.slice(),
    tags: labelled.tags.slice(),
    media: toMedia(r.image),
    nutrition: toNutrition(r.nutrition, {
      basis: hints.nutritionBasis ?? (hints.nutritionSource === 'estimated' ? undefined : 'serving'),
      source: hints.nutritionSource ?? 'provided',
    }),
    rating: ratingOf(r.aggregateRating),
    servings: parseServings(r.recipeYield),
    times,
    createdAt: dates.createdAt,
    updatedAt: dates.updatedAt,
    diets: unique(deriveDiets(ingredients.map((i) => i.id), labelled.diets, ctx.catalog, { names: ingredients.map((i) => i.name), language })),
  };
  if (ctx.inferLabels !== false) inferEmpty(recipe, rec.source, ctx.handLabels ?? LABEL_SAMPLE, ctx.labelModel ?? LABEL_MODEL);
  const author = toAuthor(r.author, url);
  if (author) recipe.author = author;
  const fromSteps = equipmentOf(rec, steps, language, stepTexts);
  const equipment = nonFood.length > 0 ? unique([...fromSteps, ...mapEquipment(nonFood.map((i) => i.name), language)]) : fromSteps;
  if (equipment.length > 0) recipe.equipment = equipment;
  return recipe;
}

/** Fills an empty courses or cuisines field (vocab/fill-empty.ts: hand labels, else the model, else a rule) and notes from what. */
function inferEmpty(recipe: Recipe, source: string, handLabels: ReadonlyMap<string, SampleLabels>, model: LabelModel): void {
  let evidence: ModelEvidence | undefined;
  for (const field of ['courses', 'cuisines'] as const) {
    if (recipe[field].length > 0) continue;
    const inferred = fillEmpty(field, handLabels.get(recipe.id)?.[field], model, () => (evidence ??= evidenceOf(recipe, source)));
    if (inferred.length === 0) continue;
    const labels = inferred.flatMap((x) => x.labels);
    recipe[field] = (field === 'courses' ? COURSES : CUISINES).filter((l) => labels.includes(l)); // vocabulary order, as own labels
    const list = INFERRED.get(recipe) ?? [];
    for (const x of inferred) list.push({ field, ...x });
    INFERRED.set(recipe, list);
  }
}

/** What a recipe's labels (category, keywords, cuisine, diet and the source's label hints) give, in its language. */
export interface Labelled {
  categories: readonly string[];
  courses: readonly string[];
  cuisines: readonly string[];
  tags: readonly string[];
  /** Diet slugs the labels name (labelledDiets). */
  diets: ReadonlySet<string>;
}

/** What a recipe's labels give (labelsOf without its memo: exported for tests). */
export function recipeLabels(r: SourceRecord['recipe'], hints: NonNullable<SourceRecord['hints']>, language: string): Labelled {
  const categoryLabels = toLabels(r.recipeCategory);
  const keywords = toTags(r.keywords);
  const labels = toLabels(hints.labels);
  const cuisineLabels = toLabels(r.recipeCuisine);
  const dietLabels = [...stringsOf(r.suitableForDiet), ...(hints.diets ?? []), ...keywords, ...categoryLabels, ...cuisineLabels, ...labels];
  return {
    categories: unique(categorySlugs(toLabels(categoryLabels, labels), language)),
    courses: unique(mapCourses(toLabels(categoryLabels, keywords, labels), language)),
    cuisines: unique(mapCuisines(toLabels(cuisineLabels, keywords, labels), language)),
    tags: keywords,
    diets: labelledDiets(dietLabels),
  };
}

/**
 * A recipe's labels repeat as a whole across recipes far more than they differ (a site's
 * categories and keywords, a template's): recipeLabels() memoised by the labels as published and the
 * language. Bounded.
 */
const LABELLED = new BoundedMemo<string, Labelled>(100_000);

function labelsOf(r: SourceRecord['recipe'], hints: NonNullable<SourceRecord['hints']>, language: string): Labelled {
  const parts = [language, r.recipeCategory, r.keywords, hints.labels, r.recipeCuisine, r.suitableForDiet, hints.diets];
  let key = '';
  for (const part of parts) {
    // Only strings and arrays of strings are remembered (anything else is computed as it comes), in JSON: it never holds
    // a raw control character, so \u0001 separates the parts unambiguously; '' stands for undefined.
    if (part !== undefined && typeof part !== 'string' && !(Array.isArray(part) && part.every((x) => typeof x === 'string'))) return recipeLabels(r, hints, language);
    key += (part === undefined ? '' : JSON.stringify(part)) + '\u0001';
  }
  return LABELLED.get(key, () => recipeLabels(r, hints, language));
}

/** hints.language, then inLanguage; 'en' when neither is recognisable (the few untagged sources are English-language sites). */
function languageOf(rec: SourceRecord): string {
  const inLanguage = rec.recipe.inLanguage;
  const tagged = typeof inLanguage === 'string' ? inLanguage : typeof inLanguage?.name === 'string' ? inLanguage.name : undefined;
  for (const raw of [rec.hints?.language, tagged]) {
    const code = normalizeLanguage(raw) ?? primarySubtag(raw);
    if (code) return code;
  }
  return 'en';
}

/** Fallback while the vocabulary module cannot read a tag: the primary subtag of 'en-US' / 'pt_PT'. */
function primarySubtag(raw: string | undefined): string | undefined {
  const m = /^([a-z]{2})(?:[-_][a-z0-9]+)*$/i.exec(raw?.trim() ?? '');
  return m?.[1]?.toLowerCase();
}

/** The recipe's own address: `url`, else `mainEntityOfPage`. Adapters guarantee one of them. */
function urlOf(rec: SourceRecord): string {
  const page = rec.recipe.mainEntityOfPage;
  const candidates = [rec.recipe.url, typeof page === 'string' ? page : page?.['@id']];
  const url = candidates.map(toHttpUrl).find((u) => u !== undefined);
  if (!url) throw new Error(`${rec.source}:${rec.key}: no http(s) url`);
  return url;
}

/**
 * recipeIngredient: normally an array of lines; some sites publish one text block, or several
 * lines in one array item (split at its line breaks: one line per ingredient).
 */
function linesOf(raw: unknown): string[] {
  if (typeof raw === 'string') return splitBlock(raw);
  const lines: string[] = [];
  for (const l of toArray(raw as unknown)) {
    if (typeof l !== 'string') continue;
    if (!/[\r\n]/.test(l)) lines.push(l);
    else for (const part of l.split(/\r?\n|\r/)) if (part.trim() !== '') lines.push(part);
  }
  return lines;
}

function integer(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseFloat(value.replace(',', '.')) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}

function ratingOf(raw: SourceRecord['recipe']['aggregateRating']): Recipe['rating'] {
  if (!raw || typeof raw !== 'object') return { count: 0, reviewCount: 0, value: 0 };
  const value = typeof raw.ratingValue === 'number' ? raw.ratingValue : parseFloat(String(raw.ratingValue ?? '').replace(',', '.'));
  const reviewCount = integer(raw.reviewCount);
  return { count: integer(raw.ratingCount), reviewCount, value: Number.isFinite(value) && value > 0 ? value : 0 };
}

/** Structured equipment (hints, schema.org `tool`) when it maps to anything, else what the steps mention. */
function equipmentOf(rec: SourceRecord, steps: string[], language: string, stepTexts: readonly (StepText | undefined)[]): string[] {
  const tools = toArray(rec.recipe.tool as unknown).map((t) => (typeof t === 'string' ? t : typeof (t as { name?: unknown })?.name === 'string' ? (t as { name: string }).name : ''));
  const structured = [...(rec.hints?.equipment ?? []), ...tools].map(cleanText).filter(Boolean);
  const mapped = structured.length > 0 ? mapEquipment(structured, language) : [];
  return unique(mapped.length > 0 ? mapped : equipmentFromInstructions(steps, language, stepTexts));
}

const unique = (values: string[]): string[] => (values.length < 2 ? values.slice() : [...new Set(values)]);

/** The ingredients without a catalog id whose name is no food (isNonFood), in order. */
function nonFoodOf(ingredients: readonly Ingredient[], catalog: Catalog, language: string): Ingredient[] {
  const out: Ingredient[] = [];
  for (const i of ingredients) if (!i.id && isNonFood(catalog, i.name, language)) out.push(i);
  return out;
}

/**
 * catalog.isNonFood memoised per catalog, language and name: unmatched names repeat across
 * recipes (a memoised line's name is the same string every time: looked up as it is, no key is
 * built). Bounded: each language's memo is dropped when it reaches NON_FOOD_LIMIT names.
 */
const NON_FOOD_LIMIT = 100_000;
const nonFoodMemo = new WeakMap<Catalog, Map<string, Map<string, boolean>>>();

function isNonFood(catalog: Catalog, name: string, language: string): boolean {
  const test = catalog.isNonFood;
  if (!test) return false;
  let byLanguage = nonFoodMemo.get(catalog);
  if (byLanguage === undefined) nonFoodMemo.set(catalog, (byLanguage = new Map()));
  let memo = byLanguage.get(language);
  if (memo === undefined) byLanguage.set(language, (memo = new Map()));
  let nonFood = memo.get(name);
  if (nonFood === undefined) {
    if (memo.size >= NON_FOOD_LIMIT) memo.clear();
    nonFood = test(name, language) === true;
    memo.set(name, nonFood);
  }
  return nonFood;
}
