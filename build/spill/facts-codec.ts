/**
 * RecipeFacts in the recipe spill (spill.ts), in a compact binary form that pass 2 reads back
 * without parsing JSON: the strings they hold (languages, category, course, cuisine and diet
 * slugs, ingredient ids, equipment) are numbers into a table of each spill part (FactsStrings,
 * sent along with the part's positions), the numbers are float64. What reads back is what
 * JSON.parse(JSON.stringify(facts)) gives (a non-finite number as null, −0 as 0). Facts of another
 * shape than recipeFacts' go as JSON.
 */
import { MAX_U32_VARINT, readVarint, varintSize, writeVarint } from '../codec/varint.ts';
import type { ByteSink } from './byte-sink.ts';
import type { RecipeFacts } from '../write/recipe-facts.ts';

/** The strings of one spill part's facts, each once, numbered in order of first use. */
export class FactsStrings {
  readonly #ids = new Map<string, number>();
  readonly strings: string[] = [];

  idOf(s: string): number {
    let id = this.#ids.get(s);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(s);
      this.#ids.set(s, id);
    }
    return id;
  }
}

const BINARY = 1;
const JSON_FACTS = 0;

function varint(sink: ByteSink, v: number): void {
  sink.room(MAX_U32_VARINT);
  sink.at = writeVarint(sink.bytes, sink.at, v);
}

/** A number as JSON keeps it: null when not finite, 0 for −0. */
function number(sink: ByteSink, n: number): void {
  if (!Number.isFinite(n)) {
    sink.byte(0);
    return;
  }
  sink.room(9);
  sink.bytes[sink.at] = 1;
  sink.buf.writeDoubleLE(n === 0 ? 0 : n, sink.at + 1);
  sink.at += 9;
}

const isStrings = (a: unknown): a is string[] => {
  if (!Array.isArray(a)) return false;
  for (let i = 0; i < a.length; i++) if (typeof a[i] !== 'string') return false;
  return true;
};

function strings(sink: ByteSink, values: readonly string[], table: FactsStrings): void {
  varint(sink, values.length);
  for (const v of values) varint(sink, table.idOf(v));
}

/** Whether `facts` has recipeFacts' shape with values the binary form holds. */
function binaryFits(facts: RecipeFacts): boolean {
  const { id, language, categories, courses, cuisines, diets, ingredients, rating, numeric, equipment } = facts;
  if (typeof id !== 'string' || typeof language !== 'string') return false;
  if (!isStrings(categories) || !isStrings(courses) || !isStrings(cuisines) || !isStrings(diets)) return false;
  if (!Array.isArray(ingredients) || !Array.isArray(numeric) || (equipment !== undefined && !isStrings(equipment))) return false;
  for (let i = 0; i < ingredients.length; i++) {
    const x = ingredients[i] as { id?: unknown; optional?: unknown } | undefined;
    if (x === null || typeof x !== 'object' || (x.id !== undefined && typeof x.id !== 'string') || typeof x.optional !== 'boolean') return false;
  }
  for (let i = 0; i < numeric.length; i++) if (numeric[i] !== null && typeof numeric[i] !== 'number') return false;
  if (rating === null || typeof rating !== 'object' || typeof rating.count !== 'number' || typeof rating.value !== 'number') return false;
  const keys = Object.keys(facts).join();
  return keys === KEYS || keys === `${KEYS},equipment`;
}

const KEYS = 'id,language,categories,courses,cuisines,diets,ingredients,rating,numeric';

/** Appends `facts` (recipeFacts(recipe)); `table`: its spill part's strings. */
export function writeFacts(sink: ByteSink, facts: RecipeFacts, table: FactsStrings): void {
  if (!binaryFits(facts)) {
    sink.byte(JSON_FACTS);
    sink.utf8(JSON.stringify(facts));
    return;
  }
  sink.byte(BINARY);
  const { id } = facts;
  // The id (unique per recipe): as latin1 when it is (varint 2n, n bytes), else from the table (varint 2i + 1).
  if (/^[\u0000-\u00ff]*$/.test(id)) {
    varint(sink, 2 * id.length);
    sink.room(id.length);
    sink.at += sink.buf.write(id, sink.at, 'latin1');
  } else varint(sink, 2 * table.idOf(id) + 1);
  varint(sink, table.idOf(facts.language));
  strings(sink, facts.categories, table);
  strings(sink, facts.courses, table);
  strings(sink, facts.cuisines, table);
  strings(sink, facts.diets, table);
  varint(sink, facts.ingredients.length);
  for (const i of facts.ingredients) varint(sink, 2 * (i.id === undefined ? 0 : table.idOf(i.id) + 1) + (i.optional ? 1 : 0));
  number(sink, facts.rating.count);
  number(sink, facts.rating.value);
  varint(sink, facts.numeric.length);
  for (const n of facts.numeric) {
    if (n === null) sink.byte(0);
    else number(sink, n);
  }
  if (facts.equipment === undefined) varint(sink, 0);
  else {
    varint(sink, facts.equipment.length + 1);
    for (const v of facts.equipment) varint(sink, table.idOf(v));
  }
}

/** Reads the facts written by writeFacts at buf[at, end); `table`: FactsStrings.strings of their part. */
export function readFacts(buf: Buffer, at: number, end: number, table: readonly string[]): RecipeFacts {
  if (buf[at] === JSON_FACTS) return JSON.parse(buf.toString('utf8', at + 1, end)) as RecipeFacts;
  const r = new FactsReader(buf, at + 1, table);
  const k = r.varint();
  const id = k % 2 === 0 ? buf.toString('latin1', r.p, (r.p += k / 2)) : table[(k - 1) / 2]!;
  const language = r.string();
  const categories = r.strings();
  const courses = r.strings();
  const cuisines = r.strings();
  const diets = r.strings();
  const ingredients: RecipeFacts['ingredients'] = new Array(r.varint());
  for (let i = 0; i < ingredients.length; i++) {
    const v = r.varint();
    const optional = (v & 1) === 1;
    ingredients[i] = v < 2 ? { optional } : { id: table[(v >>> 1) - 1]!, optional };
  }
  const count = r.number();
  const value = r.number();
  const numeric = new Array<number | null>(r.varint());
  for (let i = 0; i < numeric.length; i++) numeric[i] = r.number();
  const equipmentCount = r.varint();
  const facts = { id, language, categories, courses, cuisines, diets, ingredients, rating: { count, value }, numeric } as RecipeFacts;
  if (equipmentCount > 0) {
    const equipment = new Array<string>(equipmentCount - 1);
    for (let i = 0; i < equipment.length; i++) equipment[i] = r.string();
    facts.equipment = equipment;
  }
  if (r.p !== end) throw new Error('spill: malformed facts');
  return facts;
}

/**
 * readFacts' cursor over the binary form. A class, not closures in readFacts: tsx (esbuild
 * keepNames) names every closure as it is created, which cost more than the reading itself.
 */
class FactsReader {
  constructor(
    readonly buf: Buffer,
    public p: number,
    readonly table: readonly string[],
  ) {}

  varint(): number {
    const v = readVarint(this.buf, this.p);
    this.p += varintSize(v);
    return v;
  }

  string(): string {
    const s = this.table[this.varint()];
    if (s === undefined) throw new Error('spill: facts refer to no string');
    return s;
  }

  strings(): string[] {
    const n = this.varint();
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) out[i] = this.string();
    return out;
  }

  number(): number | null {
    if (this.buf[this.p++] === 0) return null;
    const n = this.buf.readDoubleLE(this.p);
    this.p += 8;
    return n;
  }
}
