/**
 * A recipe's record in the recipe spill rendered straight into bytes (ByteSink): its facts
 * (facts-codec.ts) and its stored JSON, the same bytes as recipeJson in UTF-8, built piece by
 * piece so that the pieces remembered in known.ts (steps, memoised ingredient lines) are copied,
 * not rendered again. Whatever does not have the expected shape goes through JSON.stringify as it
 * is (test/build/spill/render.test.ts checks the bytes against recipeJson).
 */
import type { Recipe } from '../../runtime/format/recipe.ts';
import { FIELD_ORDER } from '../write/recipe-json.ts';
import { recipeFacts } from '../write/recipe-facts.ts';
import type { ByteSink } from './byte-sink.ts';
import { FactsStrings, writeFacts } from './facts-codec.ts';
import { hasKeys, knownOf, NEEDS_ESCAPE, stepsOf, utf8, type Known, type StepBytes } from './known.ts';
import type { SpillLines } from './lines.ts';
import { writeRecipeSearchRecord } from './render-search.ts';

const KEY_FIRST = FIELD_ORDER.map((k) => utf8(`{"${k}":`));
const KEY_NEXT = FIELD_ORDER.map((k) => utf8(`,"${k}":`));
const STEP_OPEN = utf8('{"step":');
const STEP_TEXT = utf8(',"text":');
const TEXT_OPEN = utf8('{"ingredients":[');
const TEXT_MID = utf8('],"instructions":[');
const TEXT_CLOSE = utf8(']}');
const [QUOTE, COMMA, OPEN, CLOSE, CLOSE_OBJECT] = [34, 44, 91, 93, 125];

function writeString(sink: ByteSink, s: string): void {
  if (NEEDS_ESCAPE.test(s)) sink.utf8(JSON.stringify(s));
  else {
    sink.byte(QUOTE);
    sink.utf8(s);
    sink.byte(QUOTE);
  }
}

/** An array element as JSON.stringify writes it (undefined, functions and symbols as null). */
const elementJson = (v: unknown): string => JSON.stringify(v) ?? 'null';

/** recipeJson(recipe) in UTF-8. */
export function writeRecipeJson(sink: ByteSink, recipe: Recipe, known = knownOf(recipe)): void {
  // FIELD_ORDER: the fields before `instructions` and those after `ingredients` each go through
  // one JSON.stringify of an object with those fields in that order (undefined ones left out, as
  // recipeJson does); the three in between are rendered here.
  const r = recipe;
  let first = !writeObject(sink, { id: r.id, title: r.title, description: r.description, url: r.url, author: r.author, language: r.language }, true, false);
  const instructions = r.instructions as unknown;
  const steps = Array.isArray(instructions) ? known.steps ?? stepsOf(instructions) : undefined;
  first = steps !== undefined ? writeInstructions(sink, instructions as unknown[], steps, first) : writeField(sink, 6, instructions, first);
  first = writeText(sink, r, r.text, known, steps, first);
  const ingredients = r.ingredients as unknown;
  first = Array.isArray(ingredients) ? writeIngredients(sink, ingredients, known, first) : writeField(sink, 8, ingredients, first);
  const tail = {
    categories: r.categories, courses: r.courses, cuisines: r.cuisines, tags: r.tags, media: r.media, nutrition: r.nutrition, rating: r.rating,
    servings: r.servings, times: r.times, createdAt: r.createdAt, updatedAt: r.updatedAt, diets: r.diets, equipment: r.equipment,
  };
  if (!writeObject(sink, tail, first, true)) sink.utf8(first ? '{}' : '}');
}

if (FIELD_ORDER.join() !== 'id,title,description,url,author,language,instructions,text,ingredients,categories,courses,cuisines,tags,media,nutrition,rating,servings,times,createdAt,updatedAt,diets,equipment') {
  throw new Error('spill render: writeRecipeJson does not follow FIELD_ORDER');
}

/**
 * The fields of `o` as JSON.stringify writes them, to continue an object: its opening brace
 * (first) or a comma in place of it, its closing brace only with `close`. Returns whether it
 * wrote any field.
 */
function writeObject(sink: ByteSink, o: object, first: boolean, close: boolean): boolean {
  const json = JSON.stringify(o);
  if (json === '{}') return false;
  const at = sink.at;
  sink.utf8(json);
  if (!first) sink.bytes[at] = COMMA;
  if (!close) sink.at--;
  return true;
}

const keyBytes = (f: number, first: boolean) => (first ? KEY_FIRST[f]! : KEY_NEXT[f]!);

/** Field f of FIELD_ORDER with its value, as JSON.stringify writes it (nothing for undefined); returns whether no field is written yet. */
function writeField(sink: ByteSink, f: number, value: unknown, first: boolean): boolean {
  if (value === undefined) return first;
  if (typeof value === 'string') {
    sink.copy(keyBytes(f, first));
    writeString(sink, value);
    return false;
  }
  if (Array.isArray(value) && !('toJSON' in value)) {
    sink.copy(keyBytes(f, first));
    writeStrings(sink, value);
    return false;
  }
  const json = JSON.stringify(value);
  if (json === undefined) return first; // as JSON.stringify leaves out a function-valued property
  sink.copy(keyBytes(f, first));
  sink.utf8(json);
  return false;
}

function writeInstructions(sink: ByteSink, instructions: unknown[], steps: (StepBytes | undefined)[], first: boolean): boolean {
  sink.copy(keyBytes(6, first));
  sink.byte(OPEN);
  for (let i = 0; i < instructions.length; i++) {
    if (i > 0) sink.byte(COMMA);
    const s = steps[i];
    if (s === undefined) {
      sink.utf8(elementJson(instructions[i]));
      continue;
    }
    const step = (instructions[i] as { step: number }).step;
    sink.copy(STEP_OPEN);
    // String(n) is JSON.stringify(n) for every finite number.
    if (Number.isSafeInteger(step) && step >= 0) sink.digits(step);
    else sink.utf8(String(step));
    sink.copy(STEP_TEXT);
    sink.copy(s.json);
    sink.byte(CLOSE_OBJECT);
  }
  sink.byte(CLOSE);
  return false;
}

/** `text`: its lines are usually the ingredients' displays and the steps' texts, rendered already. */
function writeText(sink: ByteSink, recipe: Recipe, text: unknown, known: Known, steps: (StepBytes | undefined)[] | undefined, first: boolean): boolean {
  if (!hasKeys(text, 'ingredients', 'instructions') || !Array.isArray(text.ingredients) || !Array.isArray(text.instructions)) return writeField(sink, 7, text, first);
  const instructions = recipe.instructions as unknown[];
  sink.copy(keyBytes(7, first));
  sink.copy(TEXT_OPEN);
  const lines = text.ingredients as unknown[];
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) sink.byte(COMMA);
    const line = lines[i];
    if (typeof line !== 'string') sink.utf8(elementJson(line));
    else {
      const ingredient = known.ingredients[i];
      if (ingredient?.displayJson !== undefined && ingredient.display === line) sink.copy(ingredient.displayJson);
      else writeString(sink, line);
    }
  }
  sink.copy(TEXT_MID);
  const stepLines = text.instructions as unknown[];
  for (let i = 0; i < stepLines.length; i++) {
    if (i > 0) sink.byte(COMMA);
    const line = stepLines[i];
    if (typeof line !== 'string') sink.utf8(elementJson(line));
    else {
      const step = steps?.[i];
      if (step !== undefined && (instructions[i] as { text: string }).text === line) sink.copy(step.json);
      else writeString(sink, line);
    }
  }
  sink.copy(TEXT_CLOSE);
  return false;
}

function writeIngredients(sink: ByteSink, ingredients: unknown[], known: Known, first: boolean): boolean {
  sink.copy(keyBytes(8, first));
  sink.byte(OPEN);
  for (let i = 0; i < ingredients.length; i++) {
    if (i > 0) sink.byte(COMMA);
    const ingredient = known.ingredients[i];
    if (ingredient !== undefined) sink.copy(ingredient.json);
    else sink.utf8(elementJson(ingredients[i]));
  }
  sink.byte(CLOSE);
  return false;
}

/**
 * The recipe spill's record of a recipe: the byte length (u32 LE) of its facts (recipeFacts,
 * writeFacts: `strings` is its spill part's table), its facts, its stored JSON (recipeJson).
 */
export function writeRecipeRecord(sink: ByteSink, recipe: Recipe, strings: FactsStrings, known = knownOf(recipe)): void {
  const start = sink.at;
  sink.room(4);
  sink.at += 4;
  writeFacts(sink, recipeFacts(recipe), strings);
  sink.buf.writeUInt32LE(sink.at - start - 4, start);
  writeRecipeJson(sink, recipe, known);
}

/** Both spill records of a recipe: writeRecipeRecord into `recipes`, writeRecipeSearchRecord into `search`. */
export function writeRecipeRecords(recipes: ByteSink, search: ByteSink, strings: FactsStrings, lines: SpillLines, recipe: Recipe): void {
  const known = knownOf(recipe);
  writeRecipeRecord(recipes, recipe, strings, known);
  writeRecipeSearchRecord(search, recipe, lines, known);
}

/** JSON.stringify of an array (holes and non-strings included, as JSON.stringify writes them). */
function writeStrings(sink: ByteSink, values: readonly unknown[]): void {
  sink.byte(OPEN);
  for (let i = 0; i < values.length; i++) {
    if (i > 0) sink.byte(COMMA);
    const v = values[i];
    if (typeof v === 'string') writeString(sink, v);
    else sink.utf8(elementJson(v));
  }
  sink.byte(CLOSE);
}
