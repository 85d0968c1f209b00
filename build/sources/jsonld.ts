import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { basename } from 'node:path';
import { compareStrings, listFiles, obj, str, type Raw } from './read.ts';
import { batchLines, type LineBatch, type SchemaRecipe, type SourceAdapter, type SourceRecord } from './types.ts';

/**
 * Generic source: any `*.jsonl` / `*.jsonl.gz` file in dataset/sources/jsonld/ holding one
 * schema.org Recipe per line, bare or wrapped as `{"id": ..., "recipe": {...}}` (see that
 * folder's README). Keys are `<file name>:<id>`, where id is the wrapper's `id`, else the
 * recipe's `@id` or `url`, else the line number. Recipes without an http(s) `url` are skipped
 * (the API promises the original address). Without any date a recipe gets createdAt 1970-01-01,
 * which sorts it last: there is no snapshot date to fall back on.
 */

const isRecipeType = (t: unknown): boolean => t === 'Recipe' || t === 'schema:Recipe';

function isRecipe(value: Raw): boolean {
  const type = value['@type'];
  return Array.isArray(type) ? type.some(isRecipeType) : isRecipeType(type);
}

const HTTP = /^https?:\/\//i;
const isHttp = (u: unknown): boolean => typeof u === 'string' && HTTP.test(u);

function hasUrl(r: SchemaRecipe): boolean {
  if (isHttp(r.url)) return true;
  const page = r.mainEntityOfPage;
  return isHttp(typeof page === 'string' ? page : page?.['@id']);
}

/** The file's name without its extension (the last file's, remembered: every line of a file asks). */
let lastFile: string | undefined;
let lastName = '';
function fileName(file: string): string {
  if (file !== lastFile) {
    lastName = basename(file).replace(/\.jsonl(\.gz)?$/, '');
    lastFile = file;
  }
  return lastName;
}

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

/** Bytes read per chunk of a `.jsonl` file. */
const CHUNK = 1 << 22;

/** True when bytes[s, e) as text is white space only (`line.trim() === ''`), decoding only when it cannot tell from ASCII. */
function isBlank(bytes: Buffer, s: number, e: number): boolean {
  for (let i = s; i < e; i++) {
    const c = bytes[i]!;
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (c > 32 && c < 127) return false;
    return bytes.toString('utf8', s, e).trim() === '';
  }
  return true;
}

/**
 * Every non-empty line of every file of `dir` (lines end at LF; a `.jsonl` file is read in
 * chunks of `chunk` bytes, a `.jsonl.gz` file whole), in batches of up to `size` lines (reading
 * order), each batch in bytes of its own (the callee may keep or transfer them).
 */
export function eachJsonlBatch(dir: string, size: number, cb: (batch: LineBatch) => void, chunk = CHUNK): void {
  for (const file of listFiles(dir, /\.jsonl(\.gz)?$/)) {
    let index = 0;
    // The pending lines: ranges of the data at hand.
    let starts = new Uint32Array(size);
    let ends = new Uint32Array(size);
    let n = 0;
    /** Hands the pending lines over as one batch, in arrays of its own. */
    const flush = (data: Buffer) => {
      if (n === 0) return;
      const from = starts[0]!;
      const bytes = new Uint8Array(data.subarray(from, ends[n - 1]!));
      const batch = { file, first: index - n, bytes, starts: n === size ? starts : starts.slice(0, n), ends: n === size ? ends : ends.slice(0, n) };
      for (let k = 0; k < n; k++) {
        batch.starts[k]! -= from;
        batch.ends[k]! -= from;
      }
      if (n === size) {
        starts = new Uint32Array(size);
        ends = new Uint32Array(size);
      }
      n = 0;
      cb(batch);
    };
    const line = (data: Buffer, s: number, e: number) => {
      if (isBlank(data, s, e)) return;
      starts[n] = s;
      ends[n] = e;
      n++;
      index++;
      if (n === size) flush(data);
    };
    /** Every complete line of data[0, end); returns where the incomplete rest starts. */
    const lines = (data: Buffer, end: number): number => {
      const view = data.subarray(0, end);
      let s = 0;
      for (let nl = view.indexOf(10, s); nl !== -1; nl = view.indexOf(10, s)) {
        line(data, s, nl);
        s = nl + 1;
      }
      return s;
    };
    if (file.endsWith('.gz')) {
      const data = gunzipSync(readFileSync(file));
      line(data, lines(data, data.length), data.length);
      flush(data);
      continue;
    }
    const fd = openSync(file, 'r');
    try {
      let data = Buffer.allocUnsafe(chunk);
      let have = 0;
      for (;;) {
        if (have === data.length) {
          const bigger = Buffer.allocUnsafe(2 * data.length);
          data.copy(bigger, 0, 0, have);
          data = bigger;
        }
        const n = readSync(fd, data, have, data.length - have, null);
        const end = have + n;
        const rest = lines(data, end);
        if (n === 0) line(data, rest, end);
        flush(data); // the batch copies its lines: data can be reused
        if (n === 0) break;
        data.copyWithin(0, rest, end);
        have = end - rest;
      }
    } finally {
      closeSync(fd);
    }
  }
}

function eachRecord(dir: string, cb: (record: SourceRecord) => void): void {
  const check = jsonlKeyCheck();
  eachJsonlBatch(dir, 1024, (batch) => {
    const line = batchLines(batch);
    for (let k = 0; k < batch.starts.length; k++) {
      const record = jsonlRecord(batch.file, batch.first + k, line(k));
      if (record === undefined) continue;
      check(batch.file, batch.first + k, record.key);
      cb(record);
    }
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
