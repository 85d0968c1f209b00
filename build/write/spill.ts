/**
 * The compiler's spill files: pass 1 appends each recipe's stored JSON (recipeJson) and its facts
 * (recipeFacts, as JSON) to temporary files and keeps only (createdAt, id, offsets, lengths);
 * pass 2 reads them back in doc order. The part writers read the facts and copy the JSON bytes:
 * no recipe is parsed again (RecipeEntry.recipe() parses one on demand).
 *
 * Each recipe's search texts (packSearchTexts: its language and the text of each search field)
 * go to a third file: the search index is built from that one (searchLayout → replaySearchTexts:
 * positioned reads), on a thread of its own when pass 1 runs on worker threads (search-thread.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Recipe } from '../../runtime/format/recipe.ts';
import { recipeFacts, type RecipeFacts } from './recipe-facts.ts';
import { recipeJson } from './recipe-json.ts';
import { packSearchTexts, unpackSearchTexts } from './search.ts';
import type { RecipeEntry } from './types.ts';

const WRITE_BUFFER = 1 << 23;

/** What the spill keeps of one recipe, rendered where it was normalised (spillRecord). */
export interface SpillRecord {
  /** recipeJson(recipe) */
  json: string;
  /** recipeFacts(recipe) as JSON */
  facts: string;
  /** packSearchTexts(recipe) */
  searchTexts: string;
  createdAt: string;
  id: string;
}

export function spillRecord(recipe: Recipe): SpillRecord {
  return { json: recipeJson(recipe), facts: JSON.stringify(recipeFacts(recipe)), searchTexts: packSearchTexts(recipe), createdAt: recipe.createdAt, id: recipe.id };
}

export interface Spill {
  /** Spills a recipe's JSON and facts, without its search texts (then searchLayout is not available). */
  add(recipe: Recipe): void;
  /** Spills a recipe rendered by spillRecord (on a worker thread or here), search texts included. */
  addRecord(record: SpillRecord): void;
  /** Spill positions in doc order (newest first, then id); throws on an id collision. */
  docOrder(): Uint32Array;
  /** Reads each spilled recipe in `order` back and hands it to `add` as doc 0, 1, ... */
  replay(order: Uint32Array, add: (doc: number, entry: RecipeEntry) => void): void;
  /** Where the search texts of `order` are, for another thread (valid until dispose); throws unless every recipe has them. */
  searchLayout(order: Uint32Array): SpillLayout;
  dispose(): void;
}

/** A spill file and, in doc order, the byte range of each doc's record in it. */
export interface SpillLayout {
  file: string;
  offsets: Float64Array;
  lengths: Uint32Array;
}

/** An append-only temporary file of UTF-8 records, written through one buffer. */
class SpillFile {
  readonly file: string;
  readonly fd: number;
  readonly offsets: number[] = [];
  readonly lengths: number[] = [];
  maxLength = 0;
  #buffer = Buffer.alloc(WRITE_BUFFER);
  #buffered = 0;
  #written = 0;

  constructor(dir: string, name: string) {
    this.file = path.join(dir, `.${name}-${process.pid}-${randomBytes(4).toString('hex')}`);
    this.fd = fs.openSync(this.file, 'w+');
  }

  append(text: string): void {
    // Room for the worst case (3 UTF-8 bytes per UTF-16 code unit), so that one write encodes and counts.
    const room = 3 * text.length;
    if (this.#buffered + room > this.#buffer.length) {
      this.flush();
      if (room > this.#buffer.length) this.#buffer = Buffer.alloc(room);
    }
    const bytes = this.#buffer.write(text, this.#buffered, 'utf8');
    this.offsets.push(this.#written + this.#buffered);
    this.lengths.push(bytes);
    this.#buffered += bytes;
    this.maxLength = Math.max(this.maxLength, bytes);
  }

  flush(): void {
    if (this.#buffered > 0) fs.writeSync(this.fd, this.#buffer, 0, this.#buffered, this.#written);
    this.#written += this.#buffered;
    this.#buffered = 0;
  }

  /** The bytes of record i, read into `into` (at least maxLength bytes). */
  bytes(i: number, into: Buffer): Buffer {
    const n = this.lengths[i]!;
    fs.readSync(this.fd, into, 0, n, this.offsets[i]!);
    return into.subarray(0, n);
  }

  /** Record i as text. */
  read(i: number, into: Buffer): string {
    return this.bytes(i, into).toString('utf8');
  }

  dispose(): void {
    fs.closeSync(this.fd);
    fs.rmSync(this.file, { force: true });
  }
}

export function spillRecipes(dir: string): Spill {
  fs.mkdirSync(dir, { recursive: true });
  const json = new SpillFile(dir, 'spill');
  const facts = new SpillFile(dir, 'spill-facts');
  let search: SpillFile | undefined;
  const createdAt: string[] = [];
  const ids: string[] = [];
  const append = (text: string, factsJson: string, recipeCreatedAt: string, id: string) => {
    json.append(text);
    facts.append(factsJson);
    createdAt.push(recipeCreatedAt);
    ids.push(id);
  };
  return {
    add(recipe) {
      append(recipeJson(recipe), JSON.stringify(recipeFacts(recipe)), recipe.createdAt, recipe.id);
    },
    addRecord(record) {
      search ??= new SpillFile(dir, 'spill-search');
      if (search.offsets.length !== ids.length) throw new Error('spill: search texts for some recipes only');
      search.append(record.searchTexts);
      append(record.json, record.facts, record.createdAt, record.id);
    },
    docOrder() {
      json.flush();
      facts.flush();
      const order = Uint32Array.from(ids, (_, i) => i);
      order.sort((a, b) => {
        const ca = createdAt[a]!;
        const cb = createdAt[b]!;
        if (ca !== cb) return ca < cb ? 1 : -1;
        const ia = ids[a]!;
        const ib = ids[b]!;
        return ia < ib ? -1 : ia > ib ? 1 : 0;
      });
      // Equal ids sort next to each other only when their createdAt is equal: check them all.
      const seen = new Map<string, number>();
      const scratch = Buffer.alloc(json.maxLength);
      ids.forEach((id, i) => {
        const prev = seen.get(id);
        if (prev !== undefined) {
          const urlOf = (j: number) => (JSON.parse(json.read(j, scratch)) as Recipe).url;
          throw new Error(`recipe id collision: ${id} (${urlOf(prev)} and ${urlOf(i)})`);
        }
        seen.set(id, i);
      });
      return order;
    },
    replay(order, add) {
      const scratch = Buffer.alloc(json.maxLength);
      const factsScratch = Buffer.alloc(facts.maxLength);
      order.forEach((i, doc) => {
        const bytes = json.bytes(i, scratch);
        add(doc, { json: bytes, facts: JSON.parse(facts.read(i, factsScratch)) as RecipeFacts, recipe: () => JSON.parse(bytes.toString('utf8')) as Recipe });
      });
    },
    searchLayout(order) {
      if (ids.length === 0) return { file: '', offsets: new Float64Array(0), lengths: new Uint32Array(0) };
      if (!search || search.offsets.length !== ids.length) throw new Error('spill: no search texts for some recipes');
      search.flush();
      const s = search;
      return { file: s.file, offsets: Float64Array.from(order, (i) => s.offsets[i]!), lengths: Uint32Array.from(order, (i) => s.lengths[i]!) };
    },
    dispose() {
      json.dispose();
      facts.dispose();
      search?.dispose();
    },
  };
}

/** Spill.searchLayout's records read back on another thread, in doc order: (doc, language, field texts). */
export function replaySearchTexts(layout: SpillLayout, add: (doc: number, language: string, texts: string[]) => void): void {
  if (layout.lengths.length === 0) return;
  const fd = fs.openSync(layout.file, 'r');
  try {
    const scratch = Buffer.alloc(layout.lengths.reduce((m, n) => Math.max(m, n), 0));
    for (let doc = 0; doc < layout.lengths.length; doc++) {
      const n = layout.lengths[doc]!;
      fs.readSync(fd, scratch, 0, n, layout.offsets[doc]!);
      const { language, texts } = unpackSearchTexts(scratch.toString('utf8', 0, n));
      add(doc, language, texts);
    }
  } finally {
    fs.closeSync(fd);
  }
}
