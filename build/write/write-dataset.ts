/**
 * Writes a dataset directory: every part into a staging directory, manifest.json last, then one
 * rename into dist/data/<datasetVersion> and an atomic update of dist/data/current. A reader
 * therefore sees either the old dataset or the complete new one, never half of one.
 *
 * Parts are built incrementally: every writer's builder sees each recipe once, in doc order, and
 * emits its files when ready (record shards as soon as they are full). writeDataset streams files
 * straight into the stage directory, hashing as it goes; renderDataset keeps them in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import { CURRENT_POINTER_FILE, FORMAT_VERSION, MANIFEST_FILE, MANIFEST_FORMAT_NAME, RECORDS_PER_SHARD } from '../../runtime/format/constants.ts';
import type { Manifest, ManifestFile } from '../../runtime/format/manifest.ts';
import { bitmapIndexesWriter } from './bitmap-indexes.ts';
import { catalogWriter } from './catalog.ts';
import { numericIndexesWriter } from './numeric-indexes.ts';
import { pantryWriter } from './pantry.ts';
import { popularWriter } from './popular.ts';
import { recipeFacts } from './recipe-facts.ts';
import { recipeJson } from './recipe-json.ts';
import { recordsWriter } from './records.ts';
import { searchWriter } from './search.ts';
import type { FileThread } from '../threads/file-thread.ts';
import type { PartWriter, RecipeEntry, WriteContext } from './types.ts';

/** Every part of the format, in write order. Adding an index family = one writer here. */
export const PART_WRITERS: PartWriter[] = [recordsWriter, bitmapIndexesWriter, numericIndexesWriter, popularWriter, catalogWriter, pantryWriter, searchWriter];

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** What a dataset holds besides its recipes. */
export interface DatasetHead {
  recipeCount: number;
  catalog: readonly CatalogEntry[];
  ingredientNames: readonly [string, string][];
  sources: readonly string[];
}

/** Calls `add` once per recipe, docs 0..recipeCount-1 in order. */
export type RecipeFeed = (add: (doc: number, entry: RecipeEntry) => void) => void;

/** Where finished files go. */
type Emit = (path: string, bytes: Uint8Array) => void;

/** Runs every writer over the feed; logs "  <part>: <ms> ms" per writer (its add calls plus finish). */
export function runWriters(head: DatasetHead, feed: RecipeFeed, emit: Emit, writers: PartWriter[] = PART_WRITERS, log = (_: string) => {}): void {
  const seen = new Set<string>([MANIFEST_FILE]);
  const checked: Emit = (p, bytes) => {
    if (seen.has(p)) throw new Error(`two writers produced ${p}`);
    seen.add(p);
    emit(p, bytes);
  };
  const ctx = { recipeCount: head.recipeCount, catalog: head.catalog, ingredientNames: head.ingredientNames, emit: checked };
  const builders = writers.map((w) => ({ name: w.name, builder: w.begin(ctx), ms: 0 }));
  let next = 0;
  feed((doc, entry) => {
    if (doc !== next) throw new Error(`recipes must be fed in doc order: got ${doc}, expected ${next}`);
    next++;
    for (const b of builders) {
      const t = performance.now();
      b.builder.add(doc, entry);
      b.ms += performance.now() - t;
    }
  });
  if (next !== head.recipeCount) throw new Error(`fed ${next} recipes, expected ${head.recipeCount}`);
  for (const b of builders) {
    const t = performance.now();
    b.builder.finish();
    b.ms += performance.now() - t;
    log(`  ${b.name}: ${b.ms.toFixed(0)} ms`);
  }
}

/** The manifest of a dataset whose files (manifest excluded) are `files`, in any order. */
export function manifestOf(head: DatasetHead, files: readonly ManifestFile[]): Manifest {
  const list = [...files].sort((a, b) => (a.path < b.path ? -1 : 1));
  const datasetVersion = sha256(Buffer.from(list.map((f) => `${f.path} ${f.sha256}\n`).join(''))).slice(0, 16);
  return {
    format: MANIFEST_FORMAT_NAME,
    formatVersion: FORMAT_VERSION,
    datasetVersion,
    recordsPerShard: RECORDS_PER_SHARD,
    counts: {
      recipes: head.recipeCount,
      ingredients: head.catalog.length,
      shards: list.filter((f) => f.path.startsWith('records/')).length,
    },
    sources: [...new Set(head.sources)].sort(),
    files: list,
  };
}

const manifestBytes = (m: Manifest) => Buffer.from(JSON.stringify(m, null, 2) + '\n');

/** All files of a dataset (manifest included), in memory. Pure: same input, same bytes. */
export function renderDataset(ctx: WriteContext, sources: readonly string[], writers: PartWriter[] = PART_WRITERS, log = (_: string) => {}): Map<string, Buffer> {
  const head: DatasetHead = { recipeCount: ctx.recipes.length, catalog: ctx.catalog, ingredientNames: ctx.ingredientNames, sources };
  const files = new Map<string, Buffer>();
  const feed: RecipeFeed = (add) => ctx.recipes.forEach((r, doc) => add(doc, { json: Buffer.from(recipeJson(r)), facts: recipeFacts(r), recipe: () => r }));
  runWriters(head, feed, (p, bytes) => files.set(p, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)), writers, log);
  const list = [...files].map(([p, bytes]) => ({ path: p, bytes: bytes.length, sha256: sha256(bytes) }));
  files.set(MANIFEST_FILE, manifestBytes(manifestOf(head, list)));
  return files;
}

/** One writer's files for in-memory recipes (tests). */
export function writePart(writer: PartWriter, ctx: WriteContext): Map<string, Buffer> {
  const files = renderDataset(ctx, [], [writer]);
  files.delete(MANIFEST_FILE);
  return files;
}

function writeFileDurable(file: string, bytes: Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes, { flush: true });
}

const stageDir = (outRoot: string) => path.join(outRoot, `.stage-${process.pid}-${randomBytes(4).toString('hex')}`);

/** Renames a complete stage (manifest written last) into place, or drops it when that version exists. */
function promote(outRoot: string, stage: string, finalDir: string): void {
  if (fs.existsSync(path.join(finalDir, MANIFEST_FILE))) {
    fs.rmSync(stage, { recursive: true, force: true });
    return;
  }
  fs.rmSync(finalDir, { recursive: true, force: true }); // a leftover without manifest is garbage
  fs.renameSync(stage, finalDir);
}

function pointCurrent(outRoot: string, datasetVersion: string): void {
  const pointerTmp = path.join(outRoot, `.${CURRENT_POINTER_FILE}-${process.pid}`);
  writeFileDurable(pointerTmp, Buffer.from(datasetVersion + '\n'));
  fs.renameSync(pointerTmp, path.join(outRoot, CURRENT_POINTER_FILE));
}

/** Stages, renames into `<outRoot>/<datasetVersion>` and points `<outRoot>/current` at it. Returns the directory. */
export function publishDataset(outRoot: string, files: Map<string, Buffer>): string {
  const manifest = JSON.parse(files.get(MANIFEST_FILE)!.toString('utf8')) as Manifest;
  fs.mkdirSync(outRoot, { recursive: true });
  const finalDir = path.join(outRoot, manifest.datasetVersion);
  if (!fs.existsSync(path.join(finalDir, MANIFEST_FILE))) {
    const stage = stageDir(outRoot);
    for (const [p, bytes] of files) if (p !== MANIFEST_FILE) writeFileDurable(path.join(stage, p), bytes);
    writeFileDurable(path.join(stage, MANIFEST_FILE), files.get(MANIFEST_FILE)!);
    promote(outRoot, stage, finalDir);
  }
  pointCurrent(outRoot, manifest.datasetVersion);
  return finalDir;
}

/**
 * The streaming variant of renderDataset + publishDataset: each file goes into the stage
 * directory as soon as its writer emits it (hashed on the way; on `files`, a thread of its own,
 * when given: the writers' bytes are taken over), the manifest last, once every file is written,
 * then the same rename and `current` update. Returns the directory and the manifest.
 */
export function writeDataset(outRoot: string, head: DatasetHead, feed: RecipeFeed, writers: PartWriter[] = PART_WRITERS, log = (_: string) => {}, files?: FileThread): { dir: string; manifest: Manifest } {
  fs.mkdirSync(outRoot, { recursive: true });
  const stage = stageDir(outRoot);
  const list: ManifestFile[] = [];
  /** With a file thread: each file's path in the dataset by its path on disk. */
  const paths = new Map<string, string>();
  try {
    runWriters(head, feed, (p, bytes) => {
      const file = path.join(stage, p);
      if (files) {
        paths.set(file, p);
        files.write(file, bytes);
        return;
      }
      writeFileDurable(file, bytes);
      list.push({ path: p, bytes: bytes.length, sha256: sha256(bytes) });
    }, writers, log);
    if (files) {
      const t = performance.now();
      for (const w of files.finish()) list.push({ path: paths.get(w.file)!, bytes: w.bytes, sha256: w.sha256 });
      log(`  file thread (waited): ${(performance.now() - t).toFixed(0)} ms`);
    }
    const manifest = manifestOf(head, list);
    writeFileDurable(path.join(stage, MANIFEST_FILE), manifestBytes(manifest));
    const finalDir = path.join(outRoot, manifest.datasetVersion);
    promote(outRoot, stage, finalDir);
    pointCurrent(outRoot, manifest.datasetVersion);
    return { dir: finalDir, manifest };
  } catch (err) {
    files?.settle(); // nothing is written into the stage after it is removed
    fs.rmSync(stage, { recursive: true, force: true });
    throw err;
  }
}
