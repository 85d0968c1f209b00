import type { Ingredient } from '../../runtime/format/recipe.ts';
import type { IngredientHint } from '../sources/types.ts';
import { matchRecipeIngredient, type Catalog } from './catalog.ts';
import { parseIngredientLine, type ParsedLine } from './ingredient-line.ts';
import { cleanText } from './text.ts';

/**
 * Ingredient lines → Ingredient objects. Each line is cleaned (HTML out) and parsed; when the
 * source published structured parts for the line (hints, same order as the lines), those win
 * over the parser's guess, but `display` stays the line as written. `id` is the catalog match of
 * the name, omitted when there is none.
 */
/**
 * Ingredient lines repeat a lot across recipes ("1 tsp salt"), so parses and matches are memoised
 * per (language, line) within a build. Bounded: the memo is dropped when it reaches this size
 * (default 200,000 lines, about 60 MB).
 */
const MEMO_LIMIT = 200_000;
const parseMemo = new Map<string, ParsedLine>();
const matchMemo = new WeakMap<Catalog, Map<string, string | null>>();

function parseMemoised(display: string, language: string): ParsedLine {
  const key = `${language}\u0000${display}`;
  let parsed = parseMemo.get(key);
  if (!parsed) {
    if (parseMemo.size >= MEMO_LIMIT) parseMemo.clear();
    parsed = parseIngredientLine(display, language);
    parseMemo.set(key, parsed);
  }
  return structuredClone(parsed);
}

function matchMemoised(catalog: Catalog, name: string, language: string): string | undefined {
  let memo = matchMemo.get(catalog);
  if (!memo) matchMemo.set(catalog, (memo = new Map()));
  const key = `${language}\u0000${name}`;
  let id = memo.get(key);
  if (id === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    id = matchRecipeIngredient(catalog, name, language) ?? null;
    memo.set(key, id);
  }
  return id ?? undefined;
}

export function toIngredients(
  lines: string[],
  hints: IngredientHint[] | undefined,
  language: string,
  catalog: Catalog,
): Ingredient[] {
  const out: Ingredient[] = [];
  lines.forEach((raw, i) => {
    const display = cleanText(raw);
    if (!display) return;
    const hint = hints?.[i];
    const parsed = parseMemoised(display, language);
    const ingredient: Ingredient = { ...parsed, display };
    if (hint) {
      if (hint.name && hint.name.trim()) ingredient.name = cleanText(hint.name);
      if (hint.quantity) ingredient.quantity = { ...hint.quantity };
      if (hint.optional !== undefined) ingredient.optional = hint.optional;
      if (hint.note) ingredient.note = cleanText(hint.note);
      if (hint.preparation) ingredient.preparation = cleanText(hint.preparation);
    }
    const id = matchMemoised(catalog, ingredient.name, language);
    if (id !== undefined) ingredient.id = id;
    else delete ingredient.id;
    out.push(ingredient);
  });
  return out;
}
