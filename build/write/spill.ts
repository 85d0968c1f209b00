/**
 * The compiler's spill file: pass 1 appends each recipe's stored JSON (recipeJson) to a temporary
 * file and keeps only (createdAt, id, offset, length); pass 2 reads them back in doc order.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Recipe } from '../../runtime/format/recipe.ts';
import { recipeJson } from './recipe-json.ts';

const WRITE_BUFFER = 1 << 23;

export interface Spill {
  add(recipe: Recipe): void;
  /** The same, when the recipe was rendered elsewhere (a worker thread): json = recipeJson(recipe). */
  addJson(json: string, createdAt: string, id: string): void;
  /** Spill positions in doc order (newest first, then id); throws on an id collision. */
  docOrder(): Uint32Array;
  /** Parses each spilled recipe in `order` and hands it to `add` as doc 0, 1, ... */
  replay(order: Uint32Array, add: (doc: number, recipe: Recipe, json: string) => void): void;
  dispose(): void;
}

export function spillRecipes(dir: string): Spill {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `.spill-${process.pid}-${randomBytes(4).toString('hex')}`);
  const fd = fs.openSync(file, 'w+');
  const createdAt: string[] = [];
  const ids: string[] = [];
  const offsets: number[] = [];
  const lengths: number[] = [];
  let buffer = Buffer.alloc(WRITE_BUFFER);
  let buffered = 0;
  let written = 0;
  let maxLength = 0;
  const flush = () => {
    if (buffered > 0) fs.writeSync(fd, buffer, 0, buffered, written);
    written += buffered;
    buffered = 0;
  };
  const read = (i: number, into: Buffer) => {
    const n = lengths[i]!;
    fs.readSync(fd, into, 0, n, offsets[i]!);
    return into.toString('utf8', 0, n);
  };
  return {
    add(recipe) {
      this.addJson(recipeJson(recipe), recipe.createdAt, recipe.id);
    },
    addJson(json, recipeCreatedAt, id) {
      const bytes = Buffer.byteLength(json);
      if (buffered + bytes > buffer.length) {
        flush();
        if (bytes > buffer.length) buffer = Buffer.alloc(bytes);
      }
      buffer.write(json, buffered, 'utf8');
      createdAt.push(recipeCreatedAt);
      ids.push(id);
      offsets.push(written + buffered);
      lengths.push(bytes);
      buffered += bytes;
      maxLength = Math.max(maxLength, bytes);
    },
    docOrder() {
      flush();
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
      const scratch = Buffer.alloc(maxLength);
      ids.forEach((id, i) => {
        const prev = seen.get(id);
        if (prev !== undefined) {
          const urlOf = (j: number) => (JSON.parse(read(j, scratch)) as Recipe).url;
          throw new Error(`recipe id collision: ${id} (${urlOf(prev)} and ${urlOf(i)})`);
        }
        seen.set(id, i);
      });
      return order;
    },
    replay(order, add) {
      const scratch = Buffer.alloc(maxLength);
      order.forEach((i, doc) => {
        const json = read(i, scratch);
        add(doc, JSON.parse(json) as Recipe, json);
      });
    },
    dispose() {
      fs.closeSync(fd);
      fs.rmSync(file, { force: true });
    },
  };
}
