/**
 * A recipe's spill records rendered straight into bytes (ByteSink): its facts and stored JSON
 * (recipeJson) for the recipe spill, its language and search field texts (writeSearchRecord) for
 * the search spill. The same bytes as encoding those strings in UTF-8, built piece by piece so
 * that the costly pieces are rendered once: a step's text (it is in `instructions`,
 * `text.instructions` and the search texts, and template steps repeat across recipes) and a
 * memoised ingredient line (the normaliser shares one frozen Ingredient between every recipe
 * with that line, build/normalize/ingredients.ts: its JSON, its display's and its name's bytes
 * are remembered with it). Whatever does not have the expected shape goes through
 * JSON.stringify and fieldTexts as they are (test/build/write/spill-render.test.ts checks the
 * bytes against recipeJson and writeSearchRecord).
 */
import type { Recipe } from '../../runtime/format/recipe.ts';
import { ByteSink } from './byte-sink.ts';
import { FactsStrings, writeFacts } from './facts-codec.ts';
import { recipeFacts } from './recipe-facts.ts';
import { FIELD_ORDER } from './recipe-json.ts';
import { FIELD_COUNT } from '../../runtime/format/search-index.ts';
import { SEARCH_RECORD_HEADER, writeVarint, type SearchLines } from './search.ts';

const utf8 = (s: string): Uint8Array => {
  const b = Buffer.from(s, 'utf8');
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
};

const KEY_FIRST = FIELD_ORDER.map((k) => utf8(`{"${k}":`));
const KEY_NEXT = FIELD_ORDER.map((k) => utf8(`,"${k}":`));
const STEP_OPEN = utf8('{"step":');
const STEP_TEXT = utf8(',"text":');
const TEXT_OPEN = utf8('{"ingredients":[');
const TEXT_MID = utf8('],"instructions":[');
const TEXT_CLOSE = utf8(']}');
const [QUOTE, COMMA, OPEN, CLOSE, CLOSE_OBJECT, LF] = [34, 44, 91, 93, 125, 10];

/**
 * The lines of one part of the search spill that its records refer to (steps, ingredient names:
 * SearchLines, search.ts), each added once, in UTF-8, when a record uses it a second time (a
 * line that only one recipe has stays in that recipe's record: this part's lines are held in
 * memory until the part is done), and only up to LINES_LIMIT bytes.
 */
export class SpillLines {
  #bytes = new ByteSink(1 << 16);
  #ends = new Uint32Array(1024);
  #count = 0;

  /**
   * The id of the text whose bytes are `raw` (remembered in `ref`, which stands for that text in
   * this thread), or −1 when the record is to hold the text itself: its first use in this part,
   * or when the lines are full.
   */
  idOf(ref: LineRef, raw: Uint8Array): number {
    if (ref.lines === this) return ref.id;
    if (ref.seen !== this) {
      ref.seen = this;
      return -1;
    }
    if (this.#bytes.at + raw.length > LINES_LIMIT) return -1;
    this.#bytes.copy(raw);
    if (this.#count === this.#ends.length) {
      const ends = new Uint32Array(2 * this.#ends.length);
      ends.set(this.#ends);
      this.#ends = ends;
    }
    this.#ends[this.#count] = this.#bytes.at;
    ref.lines = this;
    ref.id = this.#count++;
    return ref.id;
  }

  /** The lines as they are now, in arrays of their own. */
  lines(): SearchLines {
    return { bytes: this.#bytes.bytes.slice(0, this.#bytes.at), ends: this.#ends.slice(0, this.#count) };
  }
}

/** Characters JSON.stringify escapes (quote, backslash, controls) or may escape (surrogates: lone ones are). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(s), skipping its per-character work when nothing needs escaping. */
function stringJson(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

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

/** A plain object whose own enumerable keys are exactly a, b (in that order), without toJSON. */
function hasKeys(o: unknown, a: string, b: string): o is Record<string, unknown> {
  if (o === null || typeof o !== 'object' || Array.isArray(o) || 'toJSON' in o) return false;
  let n = 0;
  for (const k in o) {
    if (n === 0 ? k !== a : n === 1 ? k !== b : true) return false;
    n++;
  }
  return n === 2;
}

/** A step text's JSON (stringJson) and its own UTF-8 bytes, and its line in a part's SpillLines. */
interface StepBytes {
  json: Uint8Array;
  raw: Uint8Array;
  line: LineRef;
}

/** Where a text is in a part's lines (SpillLines): `id` in `lines`, once it is added there; `seen`: the part that has used it once. */
interface LineRef {
  lines: SpillLines | undefined;
  id: number;
  seen: SpillLines | undefined;
}

/** The most bytes of lines a part holds (default 64 MB). */
const LINES_LIMIT = 1 << 26;

/**
 * Step texts repeat across recipes (templates): their bytes are remembered. Bounded: dropped when
 * it holds this many steps (default 100,000).
 */
const STEP_MEMO_LIMIT = 100_000;
const stepMemo = new Map<string, StepBytes>();

function stepBytes(text: string): StepBytes {
  let b = stepMemo.get(text);
  if (b === undefined) {
    if (stepMemo.size >= STEP_MEMO_LIMIT) stepMemo.clear();
    b = { json: utf8(stringJson(text)), raw: utf8(text), line: { lines: undefined, id: 0, seen: undefined } };
    stepMemo.set(text, b);
  }
  return b;
}

/** A deeply frozen ingredient's JSON, and its display (as JSON) and name (as text) in bytes. */
interface IngredientBytes {
  json: Uint8Array;
  display: unknown;
  displayJson: Uint8Array | undefined;
  name: unknown;
  nameRaw: Uint8Array | undefined;
  nameLine: LineRef;
}

/** Per ingredient object: its bytes when it is deeply frozen (it can never change), else null. */
const rendered = new WeakMap<object, IngredientBytes | null>();

function ingredientBytes(ingredient: unknown): IngredientBytes | undefined {
  if (ingredient === null || typeof ingredient !== 'object') return undefined;
  let b = rendered.get(ingredient);
  if (b === undefined) {
    b = null;
    if (deeplyFrozen(ingredient)) {
      const { display, name } = ingredient as { display?: unknown; name?: unknown };
      b = {
        json: utf8(JSON.stringify(ingredient)),
        display,
        displayJson: typeof display === 'string' ? utf8(stringJson(display)) : undefined,
        name,
        nameRaw: typeof name === 'string' ? utf8(name) : undefined,
        nameLine: { lines: undefined, id: 0, seen: undefined },
      };
    }
    rendered.set(ingredient, b);
  }
  return b ?? undefined;
}

/** A frozen plain object of data properties only, holding only such objects: nothing JSON.stringify reads of it can change. */
function deeplyFrozen(value: object): boolean {
  if (!Object.isFrozen(value) || Object.getPrototypeOf(value) !== Object.prototype || 'toJSON' in value) return false;
  const descriptors = Object.getOwnPropertyDescriptors(value);
  for (const key of Reflect.ownKeys(descriptors)) {
    const d = descriptors[key as string]!;
    if (!('value' in d)) return false;
    if (d.value !== null && typeof d.value === 'object' && !deeplyFrozen(d.value as object)) return false;
  }
  return true;
}

/** Per element of `instructions`: its text's bytes when it is a plain { step: finite number, text: string }. */
function stepsOf(instructions: unknown[]): (StepBytes | undefined)[] {
  return instructions.map((s) => (hasKeys(s, 'step', 'text') && typeof s.step === 'number' && Number.isFinite(s.step) && typeof s.text === 'string' ? stepBytes(s.text) : undefined));
}

/** What is remembered of a recipe's ingredients (by index) and steps (by index, when `instructions` is an array). */
interface Known {
  ingredients: (IngredientBytes | undefined)[];
  steps: (StepBytes | undefined)[] | undefined;
}

function knownOf(recipe: Recipe): Known {
  return {
    ingredients: Array.isArray(recipe.ingredients) ? recipe.ingredients.map(ingredientBytes) : [],
    steps: Array.isArray(recipe.instructions) ? stepsOf(recipe.instructions) : undefined,
  };
}

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
  throw new Error('spill-render: writeRecipeJson does not follow FIELD_ORDER');
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


/** The search spill's record of a recipe: writeSearchRecord(…, recipe.language, fieldTexts(recipe)). */
export function writeRecipeSearchRecord(sink: ByteSink, recipe: Recipe, lines: SpillLines, known = knownOf(recipe)): void {
  // Module functions, not closures: tsx (esbuild keepNames) names every closure as it is created, a cost per recipe.
  const start = sink.at;
  sink.room(SEARCH_RECORD_HEADER);
  sink.at += SEARCH_RECORD_HEADER;
  let from = sink.at;
  let field = 0;
  sink.utf8(recipe.language);
  from = endField(sink, start, field++, from);
  textItem(sink, recipe.title);
  from = endField(sink, start, field++, from);
  const ingredients = recipe.ingredients;
  if (ingredients.every((i) => i !== null && typeof i === 'object' && typeof i.name === 'string')) {
    for (let i = 0; i < ingredients.length; i++) {
      const ingredient = ingredients[i]!;
      const bytes = known.ingredients[i];
      if (bytes?.nameRaw === undefined || bytes.name !== ingredient.name) textItem(sink, ingredient.name, true);
      else lineOrBytes(sink, lines.idOf(bytes.nameLine, bytes.nameRaw), bytes.nameRaw);
    }
  } else textItem(sink, ingredients.map((i) => i.name).join('\n'));
  from = endField(sink, start, field++, from);
  textItem(sink, [...recipe.tags, ...recipe.categories, ...recipe.cuisines, ...recipe.courses].join('\n'));
  from = endField(sink, start, field++, from);
  textItem(sink, recipe.description);
  from = endField(sink, start, field++, from);
  const instructions = recipe.instructions;
  if (instructions.every((s) => s !== null && typeof s === 'object' && typeof s.text === 'string')) {
    for (let i = 0; i < instructions.length; i++) {
      const step = known.steps?.[i] ?? stepBytes(instructions[i]!.text);
      lineOrBytes(sink, lines.idOf(step.line, step.raw), step.raw);
    }
  } else textItem(sink, instructions.map((s) => s.text).join('\n'));
  from = endField(sink, start, field++, from);
  if (field !== FIELD_COUNT + 1) throw new Error(`search record: ${field - 1} fields for ${FIELD_COUNT}`);
}

/** Ends field `field` (begun at `from`) of the search record at `start`: its byte length goes into the header's slot `field`. Returns where the next field begins. */
function endField(sink: ByteSink, start: number, field: number, from: number): number {
  sink.buf.writeUInt32LE(sink.at - from, start + 4 * field);
  return sink.at;
}

/** An item of text: its byte length (varint, doubled), then its bytes; an empty one only as one of several lines. */
function textItem(sink: ByteSink, s: string, line = false): void {
  if (s.length === 0 && !line) return;
  sink.room(5 + 3 * s.length);
  const n = sink.buf.write(s, sink.at + 5, 'utf8');
  const textAt = writeVarint(sink.bytes, sink.at, 2 * n);
  sink.bytes.copyWithin(textAt, sink.at + 5, sink.at + 5 + n);
  sink.at = textAt + n;
}

/** Line `id` of the part's lines (its id, varint, doubled plus one), or, when id < 0, an item of text already in UTF-8. */
function lineOrBytes(sink: ByteSink, id: number, b: Uint8Array): void {
  sink.room(5);
  if (id >= 0) {
    sink.at = writeVarint(sink.bytes, sink.at, 2 * id + 1);
    return;
  }
  sink.at = writeVarint(sink.bytes, sink.at, 2 * b.length);
  sink.copy(b);
}
