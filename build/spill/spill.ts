/**
 * The compiler's spill files: pass 1 appends each recipe's record (its facts, recipeFacts as
 * JSON, and its stored JSON, recipeJson) to one temporary file and its search record
 * (writeSearchRecord: its language and the text of each search field) to another, and keeps only
 * (createdAt, id) and where the records are; pass 2 reads them back in doc order. The part writers
 * read the facts and copy the JSON bytes: no recipe is parsed again (RecipeEntry.recipe() parses
 * one on demand). The search index is built from the search records (searchLayout →
 * replaySearchRecords: positioned reads), on a thread of its own when pass 1 runs on worker
 * threads (build/threads/search-thread.ts).
 *
 * A spill has one or more parts, each a pair of files written by one SpillWriter: part 0 by this
 * thread, or part w by normalise worker w (build/threads/normalise-pool.ts), which then hands back only the
 * positions of its records (SpillPositions). The spill keeps the recipes in source order, each as
 * (part, record number in that part), whoever wrote it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Recipe } from '../../runtime/format/recipe.ts';
import { ByteSink } from './byte-sink.ts';
import { FactsStrings, readFacts } from './facts-codec.ts';
import type { RecipeFacts } from '../write/recipe-facts.ts';
import { SpillLines } from './lines.ts';
import { writeRecipeRecords } from './render.ts';
import type { SearchLines } from './search-record.ts';
import type { RecipeEntry } from '../write/types.ts';

const WRITE_BUFFER = 1 << 23;

/** The two files of one spill part. */
export interface SpillFiles {
  /** Recipe records: u32 LE byte length of the facts JSON, the facts JSON, the recipe JSON. */
  recipes: string;
  /** Search records (writeSearchRecord). */
  search: string;
}

/** Where a part's records are: record i at offsets[i], lengths[i] bytes, in each file; and the lines its search records refer to. */
export interface SpillPositions {
  recipeOffsets: Float64Array;
  recipeLengths: Uint32Array;
  searchOffsets: Float64Array;
  searchLengths: Uint32Array;
  lines: SearchLines;
  /** The strings its facts refer to (FactsStrings). */
  strings: string[];
}

/** The buffers of SpillPositions, to transfer them to another thread instead of copying. */
export const positionBuffers = (p: SpillPositions): ArrayBuffer[] =>
  [p.recipeOffsets, p.recipeLengths, p.searchOffsets, p.searchLengths, p.lines.bytes, p.lines.ends].map((a) => a.buffer as ArrayBuffer);

/** Where the search records of docs 0, 1, ... are (Spill.searchLayout): part files[part[doc]], at offsets[doc], lengths[doc] bytes; lines[part]: the lines that part's records refer to. */
export interface SpillLayout {
  files: string[];
  lines: SearchLines[];
  part: Uint8Array;
  offsets: Float64Array;
  lengths: Uint32Array;
}

/** A growable Float64Array or Uint32Array. */
class Column<A extends Float64Array | Uint32Array> {
  #data: A;
  length = 0;
  constructor(data: A) {
    this.#data = data;
  }
  push(value: number): void {
    if (this.length === this.#data.length) {
      const next = new (this.#data.constructor as new (n: number) => A)(2 * this.#data.length);
      next.set(this.#data);
      this.#data = next;
    }
    this.#data[this.length++] = value;
  }
  at(i: number): number {
    return this.#data[i]!;
  }
  /** The values pushed, as an array of their own. */
  values(): A {
    return this.#data.slice(0, this.length) as A;
  }
}

/** An append-only file of records, rendered into one buffer (ByteSink) and written when it fills up. */
class SpillFile {
  readonly fd: number;
  readonly offsets = new Column(new Float64Array(1024));
  readonly lengths = new Column(new Uint32Array(1024));
  readonly sink = new ByteSink(WRITE_BUFFER + (1 << 20));
  /** Where the record being rendered starts in the sink. */
  #start = 0;
  #written = 0;

  constructor(readonly file: string) {
    this.fd = fs.openSync(file, 'w');
  }

  /** Drops what was rendered since the last commit. */
  rollback(): void {
    this.sink.truncate(this.#start);
  }

  /** Counts what was rendered since the last commit as the next record; writes the buffer out when it is full. */
  commit(): void {
    this.offsets.push(this.#written + this.#start);
    this.lengths.push(this.sink.at - this.#start);
    this.#start = this.sink.at;
    if (this.sink.at >= WRITE_BUFFER) this.flush();
  }

  flush(): void {
    if (this.#start !== this.sink.at) throw new Error('spill: a record is being rendered');
    if (this.sink.at > 0) fs.writeSync(this.fd, this.sink.buf, 0, this.sink.at, this.#written);
    this.#written += this.sink.at;
    this.sink.truncate(0);
    this.#start = 0;
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}

/** Writes the records of one spill part (on whichever thread normalises its recipes). */
export class SpillWriter {
  readonly #recipes: SpillFile;
  readonly #search: SpillFile;
  readonly #lines = new SpillLines();
  readonly #strings = new FactsStrings();

  constructor(files: SpillFiles) {
    this.#recipes = new SpillFile(files.recipes);
    this.#search = new SpillFile(files.search);
  }

  /** Records committed so far. */
  get count(): number {
    return this.#recipes.lengths.length;
  }

  /** Renders a recipe's records (not counted until commit); throws, leaving nothing behind, when it cannot. */
  render(recipe: Recipe): void {
    try {
      writeRecipeRecords(this.#recipes.sink, this.#search.sink, this.#strings, this.#lines, recipe);
    } catch (e) {
      this.#recipes.rollback();
      this.#search.rollback();
      throw e;
    }
  }

  /** Counts the rendered records (writing them out when the buffers are full); returns their record number in this part. */
  commit(): number {
    this.#recipes.commit();
    this.#search.commit();
    return this.count - 1;
  }

  /** render + commit. */
  add(recipe: Recipe): number {
    this.render(recipe);
    return this.commit();
  }

  /** Writes out what is buffered and returns where every record is; the writer is done. */
  finish(): SpillPositions {
    this.#recipes.flush();
    this.#search.flush();
    this.close();
    return {
      recipeOffsets: this.#recipes.offsets.values(),
      recipeLengths: this.#recipes.lengths.values(),
      searchOffsets: this.#search.offsets.values(),
      searchLengths: this.#search.lengths.values(),
      lines: this.#lines.lines(),
      strings: this.#strings.strings.slice(),
    };
  }

  close(): void {
    for (const f of [this.#recipes, this.#search]) {
      try {
        f.close();
      } catch {
        // closed already
      }
    }
  }
}

export interface Spill {
  /** The files of part `part` (0 ≤ part < parts), for the thread that writes them (SpillWriter). */
  files(part: number): SpillFiles;
  /** Spills a recipe on this thread (part 0's writer): render + commit. */
  add(recipe: Recipe): void;
  /** Renders a recipe's records on this thread (SpillWriter.render); they count once committed. */
  render(recipe: Recipe): void;
  /** Commits the rendered records as the next recipe, with its createdAt and id. */
  commit(createdAt: string, id: string): void;
  /** Counts record `record` of part `part`, with its createdAt and id, as the next recipe in source order. */
  note(part: number, record: number, createdAt: string, id: string): void;
  /** The positions of part `part`'s records, written by another thread (SpillWriter.finish there). */
  attach(part: number, positions: SpillPositions): void;
  /** Spill positions in doc order (newest first, then id); throws on an id collision. */
  docOrder(): Uint32Array;
  /** Reads each spilled recipe in `order` back and hands it to `add` as doc 0, 1, ... */
  replay(order: Uint32Array, add: (doc: number, entry: RecipeEntry) => void): void;
  /** Where the search records of `order` are, for another thread (valid until dispose). */
  searchLayout(order: Uint32Array): SpillLayout;
  /** Closes and deletes every file. */
  dispose(): void;
}

/** A spill of `parts` parts (part 0 may be written on this thread, by add) in files under `dir`. */
export function spillRecipes(dir: string, parts = 1): Spill {
  if (parts < 1 || parts > 255) throw new Error(`spill: ${parts} parts`);
  fs.mkdirSync(dir, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const files: SpillFiles[] = Array.from({ length: parts }, (_, p) => ({
    recipes: path.join(dir, `.spill-${tag}-${p}`),
    search: path.join(dir, `.spill-search-${tag}-${p}`),
  }));
  const positions: (SpillPositions | undefined)[] = new Array(parts).fill(undefined);
  let writer: SpillWriter | undefined;
  // Per recipe, in source order: its part and record number there, createdAt and id.
  const part = new Column(new Uint32Array(1024));
  const record = new Column(new Uint32Array(1024));
  const createdAt: string[] = [];
  const ids: string[] = [];
  const counts = new Array<number>(parts).fill(0);

  const note = (p: number, r: number, c: string, id: string) => {
    if (p < 0 || p >= parts) throw new Error(`spill: no part ${p}`);
    if (r !== counts[p]) throw new Error(`spill: record ${r} of part ${p} out of order (expected ${counts[p]})`);
    counts[p]!++;
    part.push(p);
    record.push(r);
    createdAt.push(c);
    ids.push(id);
  };
  /** Every part's positions, part 0's writer finished first; checks that they cover the noted records. */
  const allPositions = (): SpillPositions[] => {
    if (writer) {
      positions[0] = writer.finish();
      writer = undefined;
    }
    return positions.map((pos, p) => {
      const n = pos?.recipeLengths.length ?? 0;
      if (n !== counts[p] || (pos && pos.searchLengths.length !== n)) throw new Error(`spill: part ${p} holds ${n} records, ${counts[p]} noted`);
      return pos ?? { recipeOffsets: new Float64Array(0), recipeLengths: new Uint32Array(0), searchOffsets: new Float64Array(0), searchLengths: new Uint32Array(0), lines: { bytes: new Uint8Array(0), ends: new Uint32Array(0) }, strings: [] };
    });
  };
  /** Calls `each(fds)` with a read descriptor per part, closed afterwards. */
  const reading = <T>(each: (fds: number[]) => T): T => {
    const fds: number[] = [];
    try {
      for (let p = 0; p < parts; p++) fds.push(counts[p]! > 0 ? fs.openSync(files[p]!.recipes, 'r') : -1);
      return each(fds);
    } finally {
      for (const fd of fds) if (fd >= 0) fs.closeSync(fd);
    }
  };

  return {
    files: (p) => files[p]!,
    add(recipe) {
      this.render(recipe);
      this.commit(recipe.createdAt, recipe.id);
    },
    render(recipe) {
      writer ??= new SpillWriter(files[0]!);
      writer.render(recipe);
    },
    commit(createdAt, id) {
      if (!writer) throw new Error('spill: nothing rendered');
      note(0, writer.commit(), createdAt, id);
    },
    note,
    attach(p, pos) {
      if (p === 0 && writer) throw new Error('spill: part 0 is written on this thread');
      positions[p] = pos;
    },
    docOrder() {
      const pos = allPositions();
      const order = sortedDocs(createdAt, ids);
      // Equal ids sort next to each other only when their createdAt is equal: check them all.
      const seen = new Map<string, number>();
      ids.forEach((id, i) => {
        const prev = seen.get(id);
        if (prev !== undefined) {
          const urlOf = (j: number) =>
            reading((fds) => {
              const p = part.at(j);
              const r = record.at(j);
              const { json } = readRecipe(fds[p]!, pos[p]!, r, Buffer.allocUnsafe(pos[p]!.recipeLengths[r]!));
              return (JSON.parse(json.toString('utf8')) as Recipe).url;
            });
          throw new Error(`recipe id collision: ${id} (${urlOf(prev)} and ${urlOf(i)})`);
        }
        seen.set(id, i);
      });
      return order;
    },
    replay(order, add) {
      const pos = allPositions();
      const max = pos.reduce((m, p) => p.recipeLengths.reduce((a, n) => Math.max(a, n), m), 0);
      reading((fds) => {
        const scratch = Buffer.allocUnsafe(max);
        order.forEach((i, doc) => {
          const p = part.at(i);
          const { json, facts } = readRecipe(fds[p]!, pos[p]!, record.at(i), scratch);
          // A method, not an arrow function: tsx (esbuild keepNames) names every arrow function as it is created.
          add(doc, {
            json,
            facts,
            recipe() {
              return JSON.parse(json.toString('utf8')) as Recipe;
            },
          });
        });
      });
    },
    searchLayout(order) {
      const pos = allPositions();
      const layout: SpillLayout = {
        files: files.map((f) => f.search),
        lines: pos.map((p) => p.lines),
        part: new Uint8Array(order.length),
        offsets: new Float64Array(order.length),
        lengths: new Uint32Array(order.length),
      };
      order.forEach((i, doc) => {
        const p = part.at(i);
        const r = record.at(i);
        layout.part[doc] = p;
        layout.offsets[doc] = pos[p]!.searchOffsets[r]!;
        layout.lengths[doc] = pos[p]!.searchLengths[r]!;
      });
      return layout;
    },
    dispose() {
      writer?.close();
      writer = undefined;
      for (const f of files) for (const file of [f.recipes, f.search]) fs.rmSync(file, { force: true });
    },
  };
}

/**
 * Spill positions (0..n−1) sorted by createdAt descending, then id ascending: bucketed by createdAt
 * (recipes share few distinct dates), then each bucket sorted by id.
 */
function sortedDocs(createdAt: readonly string[], ids: readonly string[]): Uint32Array {
  const n = ids.length;
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const dates = [...new Set(createdAt)].sort((a, b) => compare(b, a));
  const rankOf = new Map(dates.map((d, r) => [d, r]));
  const rank = new Uint32Array(n);
  const starts = new Uint32Array(dates.length + 1);
  for (let i = 0; i < n; i++) starts[(rank[i] = rankOf.get(createdAt[i]!)!) + 1]!++;
  for (let r = 0; r < dates.length; r++) starts[r + 1]! += starts[r]!;
  const order = new Uint32Array(n);
  const next = starts.slice(0, dates.length);
  for (let i = 0; i < n; i++) order[next[rank[i]!]!++] = i;
  const byId = (a: number, b: number) => compare(ids[a]!, ids[b]!);
  for (let r = 0; r < dates.length; r++) if (starts[r + 1]! - starts[r]! > 1) order.subarray(starts[r], starts[r + 1]).sort(byId);
  return order;
}

/** Record r of a part, read into `into` (at least its length): its recipe JSON bytes (a view of `into`) and facts. */
function readRecipe(fd: number, pos: SpillPositions, r: number, into: Buffer): { json: Buffer; facts: RecipeFacts } {
  const n = pos.recipeLengths[r]!;
  fs.readSync(fd, into, 0, n, pos.recipeOffsets[r]!);
  const factsEnd = 4 + into.readUInt32LE(0);
  return { json: into.subarray(factsEnd, n), facts: readFacts(into, 4, factsEnd, pos.strings) };
}

/** Spill.searchLayout's records read back (on any thread), in doc order: (doc, the buffer holding its record at offset 0, the lines it refers to). */
export function replaySearchRecords(layout: SpillLayout, add: (doc: number, record: Buffer, lines: SearchLines) => void): void {
  const count = layout.lengths.length;
  if (count === 0) return;
  const fds = new Map<number, number>();
  try {
    const scratch = Buffer.allocUnsafe(layout.lengths.reduce((m, n) => Math.max(m, n), 0));
    for (let doc = 0; doc < count; doc++) {
      const p = layout.part[doc]!;
      let fd = fds.get(p);
      if (fd === undefined) fds.set(p, (fd = fs.openSync(layout.files[p]!, 'r')));
      fs.readSync(fd, scratch, 0, layout.lengths[doc]!, layout.offsets[doc]!);
      add(doc, scratch, layout.lines[p]!);
    }
  } finally {
    for (const fd of fds.values()) fs.closeSync(fd);
  }
}
