/**
 * The compiler's spill file: pass 1 appends each recipe's stored JSON (recipeJson) to a temporary
 * file and keeps only (createdAt, id, offset, length); pass 2 reads them back in doc order.
 *
 * When pass 1 runs on worker threads, the workers also render each recipe's search texts
 * (packSearchTexts: its language and the text of each search field) and those go to a second
 * file: the search index thread (search-thread.ts) replays that one (searchLayout →
 * replaySearchTexts: positioned reads, no messages per recipe) instead of parsing every recipe's
 * JSON a second time, which costs several times more than reading the few strings it needs.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Recipe } from '../../runtime/format/recipe.ts';
import { recipeJson } from './recipe-json.ts';
import { unpackSearchTexts } from './search.ts';

const WRITE_BUFFER = 1 << 23;

export interface Spill {
  add(recipe: Recipe): void;
  /**
   * The same, when the recipe was rendered elsewhere (a worker thread): json = recipeJson(recipe),
   * searchTexts = packSearchTexts(recipe) (optional: needed by searchLayout only).
   */
  addJson(json: string, createdAt: string, id: string, searchTexts?: string): void;
  /** Spill positions in doc order (newest first, then id); throws on an id collision. */
  docOrder(): Uint32Array;
  /** Parses each spilled recipe in `order` and hands it to `add` as doc 0, 1, ... */
  replay(order: Uint32Array, add: (doc: number, recipe: Recipe, json: string) => void): void;
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
    const bytes = Buffer.byteLength(text);
    if (this.#buffered + bytes > this.#buffer.length) {
      this.flush();
      if (bytes > this.#buffer.length) this.#buffer = Buffer.alloc(bytes);
    }
    this.#buffer.write(text, this.#buffered, 'utf8');
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

  /** Record i, read into `into` (at least maxLength bytes). */
  read(i: number, into: Buffer): string {
    const n = this.lengths[i]!;
    fs.readSync(this.fd, into, 0, n, this.offsets[i]!);
    return into.toString('utf8', 0, n);
  }

  dispose(): void {
    fs.closeSync(this.fd);
    fs.rmSync(this.file, { force: true });
  }
}

export function spillRecipes(dir: string): Spill {
  fs.mkdirSync(dir, { recursive: true });
  const json = new SpillFile(dir, 'spill');
  let search: SpillFile | undefined;
  const createdAt: string[] = [];
  const ids: string[] = [];
  return {
    add(recipe) {
      this.addJson(recipeJson(recipe), recipe.createdAt, recipe.id);
    },
    addJson(text, recipeCreatedAt, id, searchTexts) {
      if (searchTexts !== undefined) {
        search ??= new SpillFile(dir, 'spill-search');
        if (search.offsets.length !== ids.length) throw new Error('spill: search texts for some recipes only');
        search.append(searchTexts);
      }
      json.append(text);
      createdAt.push(recipeCreatedAt);
      ids.push(id);
    },
    docOrder() {
      json.flush();
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
      order.forEach((i, doc) => {
        const text = json.read(i, scratch);
        add(doc, JSON.parse(text) as Recipe, text);
      });
    },
    searchLayout(order) {
      if (!search || search.offsets.length !== ids.length) throw new Error('spill: no search texts for some recipes');
      search.flush();
      const s = search;
      return { file: s.file, offsets: Float64Array.from(order, (i) => s.offsets[i]!), lengths: Uint32Array.from(order, (i) => s.lengths[i]!) };
    },
    dispose() {
      json.dispose();
      search?.dispose();
    },
  };
}

/** Spill.searchLayout's records read back on another thread, in doc order: (doc, language, field texts). */
export function replaySearchTexts(layout: SpillLayout, add: (doc: number, language: string, texts: string[]) => void): void {
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
