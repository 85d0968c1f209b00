import { parseDuration } from '../normalize/durations.ts';
import { flattenInstructions } from '../normalize/instructions.ts';
import { parseServings } from '../normalize/servings.ts';
import { withoutHeaders } from './ingredient-headers.ts';
import type { SchemaRecipe } from './types.ts';

/**
 * Two records of one page (recipe-scrapers: the scraper's extracted fields and the page's own
 * schema.org JSON-LD) → one, field by field. The JSON-LD is the publisher's structured data and
 * usually the richer record, but on about 5% of pages it is a stub ("Chicken" for 10 lines, the
 * section names instead of their lines, every line run together in one string). So per field the
 * fuller, more plausible value wins, JSON-LD on a tie:
 *
 * - ingredients: the list with more lines, counted after splitting (ingredientLines); on a tie the
 *   one with more lines holding an amount (a digit: "Zucker" against "3 EL Zucker");
 * - instructions: the fixture's steps only when their text is over INSTRUCTIONS_MARGIN times as
 *   long (the fixture also keeps section headings as steps, which the JSON-LD's HowToSections do
 *   not count, so a near tie is no evidence);
 * - times: prep, cook and total as a set: a total shorter than its prep or its cook is a typo, so
 *   the other record's set is taken when it is consistent, else the total is dropped (the
 *   normaliser then derives it from prep + cook when both are known);
 * - yield: the fixture's when the JSON-LD's holds no number of servings;
 * - every other field: the JSON-LD's unless empty (author: unless it names nobody).
 */

/** The fixture's steps win when their text is more than this many times as long as the JSON-LD's. */
export const INSTRUCTIONS_MARGIN = 1.25;

/**
 * The ingredient lines of a recipeIngredient value: nested arrays flattened (a few sites publish
 * one array per section), a line holding several lines split at its line breaks (one site's 14
 * lines in one string, which then read as one ingredient), section headers dropped, and a list
 * published twice over (the same lines, in the same order, repeated once) kept once.
 */
export function ingredientLines(raw: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) for (const item of v) visit(item);
    else if (typeof v === 'string') for (const line of v.split(/\r?\n|\r/)) if (line.trim() !== '') out.push(line);
  };
  visit(raw);
  return withoutRepeat(withoutHeaders(out));
}

/** The first half of a list whose second half repeats it line for line (white space aside); else the list. */
function withoutRepeat(lines: string[]): string[] {
  const half = lines.length / 2;
  if (half < 2 || !Number.isInteger(half)) return lines;
  for (let i = 0; i < half; i++) if (lines[i]!.trim() !== lines[half + i]!.trim()) return lines;
  return lines.slice(0, half);
}

const withAmount = (lines: readonly string[]): number => lines.filter((l) => /\d/.test(l)).length;

/** True when the fixture's lines are the fuller list (see the module comment). */
function fixtureLinesWin(fixture: readonly string[], jsonld: readonly string[]): boolean {
  return fixture.length > jsonld.length || (fixture.length === jsonld.length && withAmount(fixture) > withAmount(jsonld));
}

/** The total length of a recipeInstructions value's steps, as the normaliser reads them. */
function instructionsLength(raw: unknown): number {
  let n = 0;
  for (const step of flattenInstructions(raw)) n += step.length;
  return n;
}

interface Times {
  prepTime?: string;
  cookTime?: string;
  totalTime?: string;
}

const TIME_FIELDS = ['prepTime', 'cookTime', 'totalTime'] as const;

/** Longer than this is no cooking time but a broken value (one fixture says 54 years): unreadable. */
const MAX_TIME_SECONDS = 31 * 86_400;

/** The seconds of a time, undefined when unreadable or implausible. */
function seconds(value: string | undefined): number | undefined {
  const s = parseDuration(value);
  return s !== undefined && s > 0 && s <= MAX_TIME_SECONDS ? s : undefined;
}

/** False when the total is shorter than the prep or the cook time it includes. */
function consistent(t: Times): boolean {
  const total = seconds(t.totalTime);
  if (total === undefined) return true;
  return total >= (seconds(t.prepTime) ?? 0) && total >= (seconds(t.cookTime) ?? 0);
}

/** Each time of the JSON-LD unless unreadable, else the fixture's; see the module comment for a set that contradicts itself. */
function reconcileTimes(fixture: Times, jsonld: Times): Times {
  const pick = (k: (typeof TIME_FIELDS)[number]): string | undefined => (seconds(jsonld[k]) !== undefined ? jsonld[k] : seconds(fixture[k]) !== undefined ? fixture[k] : undefined);
  const merged: Times = { prepTime: pick('prepTime'), cookTime: pick('cookTime'), totalTime: pick('totalTime') };
  if (consistent(merged)) return merged;
  for (const one of [jsonld, fixture]) if (seconds(one.totalTime) !== undefined && consistent(one)) return { prepTime: one.prepTime, cookTime: one.cookTime, totalTime: one.totalTime };
  return { prepTime: merged.prepTime, cookTime: merged.cookTime };
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

function hasAuthorName(author: unknown): boolean {
  return (Array.isArray(author) ? author : [author]).some(
    (a) => (typeof a === 'string' && a.trim() !== '') || (typeof (a as { name?: unknown })?.name === 'string' && (a as { name: string }).name.trim() !== ''),
  );
}

/** One record from the fixture's fields (in schema.org names) and the page's JSON-LD, if any. */
export function reconcile(fixture: SchemaRecipe, jsonld: SchemaRecipe | undefined): SchemaRecipe {
  const ld = jsonld ?? {};
  const merged: SchemaRecipe = {};
  for (const [k, v] of Object.entries(fixture)) if (!isEmpty(v)) merged[k] = v;
  for (const [k, v] of Object.entries(ld)) if (!isEmpty(v)) merged[k] = v;
  // JSON-LD authors are sometimes bare `{"@id": ...}` references into a @graph: keep the fixture's name then.
  if (!hasAuthorName(ld.author) && fixture.author !== undefined) merged.author = fixture.author;

  const ldLines = ingredientLines(ld.recipeIngredient ?? ld.ingredients);
  const fixtureLines = ingredientLines(fixture.recipeIngredient);
  delete merged.ingredients;
  const lines = fixtureLinesWin(fixtureLines, ldLines) ? fixtureLines : ldLines;
  if (lines.length > 0) merged.recipeIngredient = lines;
  else delete merged.recipeIngredient;

  if (instructionsLength(fixture.recipeInstructions) > INSTRUCTIONS_MARGIN * instructionsLength(ld.recipeInstructions)) merged.recipeInstructions = fixture.recipeInstructions;

  const times = reconcileTimes(fixture, ld);
  for (const k of TIME_FIELDS) {
    if (times[k] === undefined) delete merged[k];
    else merged[k] = times[k];
  }

  if (parseServings(ld.recipeYield).original === '' && parseServings(fixture.recipeYield).original !== '') merged.recipeYield = fixture.recipeYield;
  return merged;
}
