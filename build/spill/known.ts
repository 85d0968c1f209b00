/**
 * The pieces of a recipe's spill records that are rendered once and remembered (render.ts,
 * render-search.ts): a step's text (template steps repeat across recipes) and a memoised
 * ingredient line (the normaliser shares one frozen Ingredient between every recipe with that
 * line, build/normalize/ingredients.ts: its JSON, its display's and its name's bytes are
 * remembered with it).
 */
import type { Recipe } from '../../runtime/format/recipe.ts';
import type { LineRef } from './lines.ts';

export const utf8 = (s: string): Uint8Array => {
  const b = Buffer.from(s, 'utf8');
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
};

/** Characters JSON.stringify escapes (quote, backslash, controls) or may escape (surrogates: lone ones are). */
export const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(s), skipping its per-character work when nothing needs escaping. */
export function stringJson(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** A plain object whose own enumerable keys are exactly a, b (in that order), without toJSON. */
export function hasKeys(o: unknown, a: string, b: string): o is Record<string, unknown> {
  if (o === null || typeof o !== 'object' || Array.isArray(o) || 'toJSON' in o) return false;
  let n = 0;
  for (const k in o) {
    if (n === 0 ? k !== a : n === 1 ? k !== b : true) return false;
    n++;
  }
  return n === 2;
}

/** A step text's JSON (stringJson) and its own UTF-8 bytes, and its line in a part's SpillLines. */
export interface StepBytes {
  json: Uint8Array;
  raw: Uint8Array;
  line: LineRef;
}

/**
 * Step texts repeat across recipes (templates): their bytes are remembered. Bounded: dropped when
 * it holds this many steps (default 100,000).
 */
const STEP_MEMO_LIMIT = 100_000;
const stepMemo = new Map<string, StepBytes>();

export function stepBytes(text: string): StepBytes {
  let b = stepMemo.get(text);
  if (b === undefined) {
    if (stepMemo.size >= STEP_MEMO_LIMIT) stepMemo.clear();
    b = { json: utf8(stringJson(text)), raw: utf8(text), line: { lines: undefined, id: 0, seen: undefined } };
    stepMemo.set(text, b);
  }
  return b;
}

/** A deeply frozen ingredient's JSON, and its display (as JSON) and name (as text) in bytes. */
export interface IngredientBytes {
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
export function stepsOf(instructions: unknown[]): (StepBytes | undefined)[] {
  return instructions.map((s) => (hasKeys(s, 'step', 'text') && typeof s.step === 'number' && Number.isFinite(s.step) && typeof s.text === 'string' ? stepBytes(s.text) : undefined));
}

/** What is remembered of a recipe's ingredients (by index) and steps (by index, when `instructions` is an array). */
export interface Known {
  ingredients: (IngredientBytes | undefined)[];
  steps: (StepBytes | undefined)[] | undefined;
}

export function knownOf(recipe: Recipe): Known {
  return {
    ingredients: Array.isArray(recipe.ingredients) ? recipe.ingredients.map(ingredientBytes) : [],
    steps: Array.isArray(recipe.instructions) ? stepsOf(recipe.instructions) : undefined,
  };
}
