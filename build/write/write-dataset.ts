/**
 * Writes a dataset directory: every part into a staging directory, manifest.json last, then one
 * rename into dist/data/<datasetVersion> and an atomic update of dist/data/current. A reader
 * therefore sees either the old dataset or the complete new one, never half of one.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CURRENT_POINTER_FILE, FORMAT_VERSION, MANIFEST_FILE, MANIFEST_FORMAT_NAME, RECORDS_PER_SHARD } from '../../runtime/format/constants.ts';
import type { Manifest, ManifestFile } from '../../runtime/format/manifest.ts';
import { bitmapIndexesWriter } from './bitmap-indexes.ts';
import { catalogWriter } from './catalog.ts';
import { numericIndexesWriter } from './numeric-indexes.ts';
import { pantryWriter } from './pantry.ts';
import { popularWriter } from './popular.ts';
import { recordsWriter } from './records.ts';
import { searchWriter } from './search.ts';
import type { PartWriter, WriteContext } from './types.ts';

/** Every part of the format, in write order. Adding an index family = one writer here. */
export const PART_WRITERS: PartWriter[] = [recordsWriter, bitmapIndexesWriter, numericIndexesWriter, popularWriter, catalogWriter, pantryWriter, searchWriter];

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** All files of a dataset (manifest included), in memory. Pure: same input, same bytes. */
export function renderDataset(ctx: WriteContext, sources: string[], writers: PartWriter[] = PART_WRITERS, log = (_: string) => {}): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const w of writers) {
    const t = performance.now();
    for (const [p, bytes] of w.write(ctx)) {
      if (files.has(p)) throw new Error(`two writers produced ${p}`);
      files.set(p, bytes);
    }
    log(`  ${w.name}: ${(performance.now() - t).toFixed(0)} ms`);
  }
  const list: ManifestFile[] = [...files]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([p, bytes]) => ({ path: p, bytes: bytes.length, sha256: sha256(bytes) }));
  const datasetVersion = sha256(Buffer.from(list.map((f) => `${f.path} ${f.sha256}\n`).join(''))).slice(0, 16);
  const manifest: Manifest = {
    format: MANIFEST_FORMAT_NAME,
    formatVersion: FORMAT_VERSION,
    datasetVersion,
    recordsPerShard: RECORDS_PER_SHARD,
    counts: {
      recipes: ctx.recipes.length,
      ingredients: ctx.catalog.length,
      shards: list.filter((f) => f.path.startsWith('records/')).length,
    },
    sources: [...new Set(sources)].sort(),
    files: list,
  };
  files.set(MANIFEST_FILE, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
  return files;
}

function writeFileDurable(file: string, bytes: Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes, { flush: true });
}

/** Stages, renames into `<outRoot>/<datasetVersion>` and points `<outRoot>/current` at it. Returns the directory. */
export function publishDataset(outRoot: string, files: Map<string, Buffer>): string {
  const manifest = JSON.parse(files.get(MANIFEST_FILE)!.toString('utf8')) as Manifest;
  fs.mkdirSync(outRoot, { recursive: true });
  const finalDir = path.join(outRoot, manifest.datasetVersion);
  if (!fs.existsSync(path.join(finalDir, MANIFEST_FILE))) {
    const stage = path.join(outRoot, `.stage-${process.pid}-${randomBytes(4).toString('hex')}`);
    for (const [p, bytes] of files) if (p !== MANIFEST_FILE) writeFileDurable(path.join(stage, p), bytes);
    writeFileDurable(path.join(stage, MANIFEST_FILE), files.get(MANIFEST_FILE)!);
    fs.rmSync(finalDir, { recursive: true, force: true }); // a leftover without manifest is garbage
    fs.renameSync(stage, finalDir);
  }
  const pointerTmp = path.join(outRoot, `.${CURRENT_POINTER_FILE}-${process.pid}`);
  writeFileDurable(pointerTmp, Buffer.from(manifest.datasetVersion + '\n'));
  fs.renameSync(pointerTmp, path.join(outRoot, CURRENT_POINTER_FILE));
  return finalDir;
}
