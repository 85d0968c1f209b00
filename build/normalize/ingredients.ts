import type { Ingredient } from '../../runtime/format/recipe.ts';
import type { IngredientHint } from '../sources/types.ts';
import { matchRecipeIngredient, type Catalog } from './catalog.ts';
import { parseIngredientLine, type ParsedLine } from './ingredient-line.ts';
import { cleanText } from './text.ts';
import { BoundedMemo } from './bounded-memo.ts';
import { splitCombinedLine } from './combined-lines.ts';

/**
 * Ingredient lines → Ingredient objects. Each line is cleaned (HTML out) and parsed; when the
 * source published structured parts for the line (hints, same order as the lines), those win
 * over the parser's guess, but `display` stays the line as written. `id` is the catalog match of
 * the name, omitted when there is none.
 */
/**
 * Ingredient lines repeat a lot across recipes ("1 tsp salt"), so parses and matches are memoised
 * per (language, line) within a build; a line without hints is memoised whole (raw line → the
 * finished Ingredient, frozen and shared by every recipe with that line). Bounded: each memo is
 * dropped when it reaches this size (default 200,000 lines).
 */
const MEMO_LIMIT = 200_000;
const parseMemo = new BoundedMemo<string, ParsedLine>(MEMO_LIMIT);
const matchMemo = new WeakMap<Catalog, BoundedMemo<string, string | null>>();
/** Per catalog, per language: raw line as published → its finished Ingredient, frozen (null: the line is empty once cleaned). */
const lineMemo = new WeakMap<Catalog, Map<string, Map<string, Ingredient | null>>>();
let lineMemoSize = 0;

/** A deep copy of a parse result (key order kept): `quantity` is its one object field. */
function copy(line: ParsedLine): ParsedLine {
  return line.quantity ? { ...line, quantity: { ...line.quantity } } : { ...line };
}

/** A memoised Ingredient, frozen (its quantity too): every recipe with its line shares it, so nobody may change it. */
function frozen(ingredient: Ingredient): Ingredient {
  if (ingredient.quantity) Object.freeze(ingredient.quantity);
  return Object.freeze(ingredient);
}

function parseMemoised(display: string, language: string): ParsedLine {
  return copy(parseMemo.get(`${language}\u0000${display}`, () => parseIngredientLine(display, language)));
}

function matchMemoised(catalog: Catalog, name: string, language: string): string | undefined {
  let memo = matchMemo.get(catalog);
  if (!memo) matchMemo.set(catalog, (memo = new BoundedMemo(MEMO_LIMIT)));
  return memo.get(`${language}\u0000${name}`, () => matchRecipeIngredient(catalog, name, language) ?? null) ?? undefined;
}

/** One line → its Ingredient (undefined for a line that is empty once cleaned). */
function toIngredient(raw: string, hint: IngredientHint | undefined, language: string, catalog: Catalog): Ingredient | undefined {
  const display = cleanText(raw);
  if (!display) return undefined;
  const parsed = parseMemoised(display, language);
  const ingredient: Ingredient = { ...parsed, display };
  if (hint) {
    if (hint.name && hint.name.trim()) ingredient.name = cleanText(hint.name);
    if (hint.quantity) ingredient.quantity = { ...hint.quantity };
    if (hint.optional !== undefined) ingredient.optional = hint.optional;
    if (hint.note) ingredient.note = cleanText(hint.note);
    if (hint.preparation) ingredient.preparation = cleanText(hint.preparation);
  }
  // "2 red pearl onions or 1/4 small red onion": the parser keeps an alternative with an amount of its own in the
  // note; when the name matches nothing, the alternative's name may.
  const id = matchMemoised(catalog, ingredient.name, language) ?? alternativeId(ingredient.note, language, catalog);
  if (id !== undefined) ingredient.id = id;
  else delete ingredient.id;
  return ingredient;
}

function alternativeId(note: string | undefined, language: string, catalog: Catalog): string | undefined {
  const alternative = note?.split('; ').find((part) => /^or\s+\d/u.test(part));
  return alternative ? matchMemoised(catalog, parseMemoised(alternative.slice(3), language).name, language) : undefined;
}

function linesOf(catalog: Catalog, language: string): Map<string, Ingredient | null> {
  let perLanguage = lineMemo.get(catalog);
  if (!perLanguage) lineMemo.set(catalog, (perLanguage = new Map()));
  let lines = perLanguage.get(language);
  if (!lines) perLanguage.set(language, (lines = new Map()));
  return lines;
}

export function toIngredients(
  lines: string[],
  hints: IngredientHint[] | undefined,
  language: string,
  catalog: Catalog,
): Ingredient[] {
  const out: Ingredient[] = [];
  let memo: Map<string, Ingredient | null> | undefined;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const hint = hints?.[i];
    if (hint) {
      const ingredient = toIngredient(raw, hint, language, catalog);
      if (ingredient) out.push(ingredient);
      continue;
    }
    // Two ingredients with an amount each in one line (combined-lines.ts): each part is a line.
    if (raw.includes('+')) {
      const parts = splitCombinedLine(raw, (part) => toIngredient(part, undefined, language, catalog)?.id);
      if (parts.length > 1) {
        out.push(...toIngredients(parts, undefined, language, catalog));
        continue;
      }
    }
    memo ??= linesOf(catalog, language);
    let memoised = memo.get(raw);
    if (memoised === undefined) {
      if (lineMemoSize >= MEMO_LIMIT) {
        lineMemo.delete(catalog);
        lineMemoSize = 0;
        memo = linesOf(catalog, language);
      }
      const made = toIngredient(raw, undefined, language, catalog);
      memoised = made ? frozen(made) : null;
      memo.set(raw, memoised);
      lineMemoSize++;
      newLines?.push([language, raw, memoised]);
    }
    if (memoised) out.push(memoised);
  }
  return out;
}

/** A memoised line: [language, raw line, its Ingredient (null: empty once cleaned)]. */
export type SharedLine = [string, string, Ingredient | null];

/** Lines memoised since the last takeNewLines(), while shareLines() is on. */
let newLines: SharedLine[] | undefined;

/**
 * Between threads that normalise the same sources with the same catalog (normalise-pool.ts):
 * each hands the lines it parsed to the others (takeNewLines → addLines), so that a line is
 * parsed and matched by one thread, not by every one. What a thread would have computed itself
 * is what it is given: toIngredient is a function of (line, language, catalog) alone.
 */
export function shareLines(): void {
  newLines ??= [];
}

/** The lines memoised since the last call (plain data, for another thread). */
export function takeNewLines(): SharedLine[] {
  const taken = newLines ?? [];
  if (newLines) newLines = [];
  return taken;
}

/** Memoises lines another thread parsed with the same catalog (takeNewLines there); lines memoised here already are kept. */
export function addLines(catalog: Catalog, lines: readonly SharedLine[]): void {
  for (const [language, raw, ingredient] of lines) {
    if (lineMemoSize >= MEMO_LIMIT) return; // not worth a reset: they are only a head start
    const memo = linesOf(catalog, language);
    if (memo.has(raw)) continue;
    memo.set(raw, ingredient ? frozen(ingredient) : null);
    lineMemoSize++;
  }
}
