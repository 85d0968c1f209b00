import { closeSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { compareStrings, listFiles, obj, readText, str, type Raw } from './read.ts';
import type { LineBatch, SchemaRecipe, SourceAdapter, SourceRecord } from './types.ts';

/**
 * Generic source: any `*.jsonl` / `*.jsonl.gz` file in dataset/sources/jsonld/ holding one
 * schema.org Recipe per line, bare or wrapped as `{"id": ..., "recipe": {...}}` (see that
 * folder's README). Keys are `<file name>:<id>`, where id is the wrapper's `id`, else the
 * recipe's `@id` or `url`, else the line number. Recipes without an http(s) `url` are skipped
 * (the API promises the original address). Without any date a recipe gets createdAt 1970-01-01,
 * which sorts it last: there is no snapshot date to fall back on.
 */

function isRecipe(value: Raw): boolean {
  const type = value['@type'];
  return (Array.isArray(type) ? type : [type]).some((t) => t === 'Recipe' || t === 'schema:Recipe');
}

function hasUrl(r: SchemaRecipe): boolean {
  const page = r.mainEntityOfPage;
  return [r.url, typeof page === 'string' ? page : page?.['@id']].some((u) => typeof u === 'string' && /^https?:\/\//i.test(u));
}

/** Calls `cb` with each non-empty line of a `.jsonl` file, read in chunks (`.jsonl.gz` is read whole). */
function eachLine(file: string, cb: (line: string) => void): void {
  if (file.endsWith('.gz')) {
    for (const line of readText(file).split('\n')) if (line.trim() !== '') cb(line);
    return;
  }
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(1 << 22);
    let carry = Buffer.alloc(0);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      const buf = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
      let start = 0;
      for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
        const line = buf.toString('utf8', start, nl);
        if (line.trim() !== '') cb(line);
        start = nl + 1;
      }
      carry = Buffer.from(buf.subarray(start));
      if (n === 0) break;
    }
    const last = carry.toString('utf8');
    if (last.trim() !== '') cb(last);
  } finally {
    closeSync(fd);
  }
}

const fileName = (file: string): string => basename(file).replace(/\.jsonl(\.gz)?$/, '');

/** The record of one non-empty line (`index`: 0-based among the file's non-empty lines); undefined when skipped. Throws on invalid JSON. */
export function jsonlRecord(file: string, index: number, text: string): SourceRecord | undefined {
  let line: Raw;
  try {
    line = JSON.parse(text) as Raw;
  } catch (err) {
    throw new Error(`${file}:${index + 1}: invalid JSON (${(err as Error).message})`);
  }
  const wrapped = line.recipe !== undefined && typeof line.recipe === 'object';
  const recipe = (wrapped ? obj(line.recipe) : line) as SchemaRecipe;
  if (!isRecipe(recipe as Raw) || !hasUrl(recipe)) return undefined;
  const id = (wrapped ? str(line.id) ?? (typeof line.id === 'number' ? String(line.id) : undefined) : undefined) ?? str(recipe['@id']) ?? str(recipe.url) ?? String(index + 1);
  return { source: 'jsonld', key: `${fileName(file)}:${id}`, recipe, hints: { snapshotDate: '1970-01-01' } };
}

/** Keys must be unique across the folder: checks one record's key (records in reading order). */
export function jsonlKeyCheck(): (file: string, index: number, key: string) => void {
  const seen = new Set<string>();
  return (file, index, key) => {
    if (seen.has(key)) throw new Error(`${file}:${index + 1}: duplicate id ${key.slice(fileName(file).length + 1)}`);
    seen.add(key);
  };
}

/** Every non-empty line of every file of `dir`, in batches of up to `size` lines (reading order). */
export function eachJsonlBatch(dir: string, size: number, cb: (batch: LineBatch) => void): void {
  for (const file of listFiles(dir, /\.jsonl(\.gz)?$/)) {
    let batch: LineBatch = { file, first: 0, lines: [] };
    let i = 0;
    eachLine(file, (text) => {
      batch.lines.push(text);
      i++;
      if (batch.lines.length === size) {
        cb(batch);
        batch = { file, first: i, lines: [] };
      }
    });
    if (batch.lines.length > 0) cb(batch);
  }
}

function eachRecord(dir: string, cb: (record: SourceRecord) => void): void {
  const check = jsonlKeyCheck();
  eachJsonlBatch(dir, 1024, ({ file, first, lines }) => {
    lines.forEach((text, k) => {
      const record = jsonlRecord(file, first + k, text);
      if (record === undefined) return;
      check(file, first + k, record.key);
      cb(record);
    });
  });
}

export const jsonld: SourceAdapter = {
  name: 'jsonld',
  read(dir: string): SourceRecord[] {
    const records: SourceRecord[] = [];
    eachRecord(dir, (r) => records.push(r));
    return records.sort((a, b) => compareStrings(a.key, b.key));
  },
  /** File by file, line by line: one record in memory at a time. */
  each: eachRecord,
  lines: { batches: eachJsonlBatch, record: jsonlRecord, keyCheck: jsonlKeyCheck },
};
