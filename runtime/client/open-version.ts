/**
 * Full mode: one version directory of a Source opened as the server opens a dataset with
 * verify 'full' (runtime/data/open.ts): the manifest (format version checked), every listed file
 * present with the manifest's size and SHA-256, every container's head, then every reader built
 * and checked, before the engine answers anything. A failure rejects with a DatasetError that
 * names the file and the cause.
 */
import { CURRENT_POINTER_FILE, MANIFEST_FILE } from '../format/constants.ts';
import type { Manifest } from '../format/manifest.ts';
import { bufferSource, type ByteSource } from '../format/shard.ts';
import { DatasetError, joinPath, REBUILD } from '../data/dataset-error.ts';
import { checkedByRange, DatasetFiles, onDisk, type FileDriver } from '../data/files.ts';
import { checkHeads } from '../data/heads.ts';
import { checkListing, parseManifest } from '../data/listing.ts';
import { datasetOfFiles } from '../data/open-files.ts';
import { createEngine } from '../query/create-engine.ts';
import type { Engine } from '../query/engine.ts';
import { sha256Hex } from './sha256.ts';
import { isSafePath, type Source } from './source.ts';

export interface OpenedVersion {
  /** The version directory inside the source: '' (the source is one) or '<name>/'. */
  dir: string;
  manifest: Manifest;
  engine: Engine;
}

const text = new TextDecoder();

/** source.get(p), a failure becoming a DatasetError that names the file and the cause. */
async function getFile(source: Source, p: string): Promise<Uint8Array | undefined> {
  try {
    return await source.get(p);
  } catch (e) {
    throw new DatasetError(`${joinPath(source.location, p)} cannot be read: ${(e as Error).message}`);
  }
}

/** The version directory `current` names ('<name>/'), or undefined when the source has no `current`. */
export async function currentDir(source: Source): Promise<string | undefined> {
  const pointer = await getFile(source, CURRENT_POINTER_FILE);
  if (pointer === undefined) return undefined;
  const name = text.decode(pointer).trim();
  if (!isSafePath(name) || name.includes('/')) throw new DatasetError(`${joinPath(source.location, CURRENT_POINTER_FILE)} does not name a version directory. ${REBUILD}`);
  return `${name}/`;
}

/** The version directory to open: the one `current` names, else the source itself when it holds manifest.json. */
export async function locate(source: Source): Promise<string> {
  const named = await currentDir(source);
  if (named !== undefined) return named;
  if ((await getFile(source, MANIFEST_FILE)) !== undefined) return '';
  throw new DatasetError(`No dataset at ${source.location}: neither ${CURRENT_POINTER_FILE} nor ${MANIFEST_FILE} is there. ${REBUILD}`);
}

export async function openVersion(source: Source, dir: string): Promise<OpenedVersion> {
  const where = joinPath(source.location, dir);
  const manifestBytes = await getFile(source, dir + MANIFEST_FILE);
  if (manifestBytes === undefined) throw new DatasetError(`${joinPath(where, MANIFEST_FILE)} is missing: the dataset is incomplete. ${REBUILD}`);
  const manifest = parseManifest(text.decode(manifestBytes), joinPath(where, MANIFEST_FILE), where);

  const whole = new Map<string, Uint8Array>();
  const held = new Map<string, ByteSource>();
  const actual = new Map<string, number>();
  const mismatch = (p: string) => new DatasetError(`${joinPath(where, p)} does not match its SHA-256 in the manifest (corrupt or altered). ${REBUILD}`);
  for (const f of manifest.files) {
    if (!isSafePath(f.path)) throw new DatasetError(`${joinPath(where, MANIFEST_FILE)} lists a path outside the dataset: ${JSON.stringify(f.path)}. ${REBUILD}`);
    const p = dir + f.path;
    if (source.lazyFiles && source.byteSource) {
      actual.set(f.path, f.bytes);
      held.set(f.path, source.byteSource(p, f.bytes, checkedByRange(f.path) ? undefined : f.sha256));
      continue;
    }
    if (onDisk(f.path) && source.byteSource && !source.sha256) {
      // Lazy mode: read by ranges, never whole, so no whole-file hash (README.md, Lazy mode).
      actual.set(f.path, f.bytes);
      held.set(f.path, source.byteSource(p, f.bytes));
      continue;
    }
    if (onDisk(f.path) && source.byteSource && source.sha256) {
      // Large files the core reads by positional reads: hashed as a stream, never held whole.
      const hash = await source.sha256(p).catch((e: Error) => {
        throw new DatasetError(`${joinPath(where, f.path)} cannot be read: ${e.message}. ${REBUILD}`);
      });
      const bytes = source.byteSource(p, f.bytes);
      actual.set(f.path, bytes.size);
      if (bytes.size === f.bytes && hash !== f.sha256) throw mismatch(f.path);
      held.set(f.path, bytes);
      continue;
    }
    const bytes = await getFile(source, p);
    if (bytes === undefined) continue; // checkListing names it missing
    actual.set(f.path, bytes.length);
    if (bytes.length === f.bytes && (await sha256Hex(bytes)) !== f.sha256) throw mismatch(f.path);
    whole.set(f.path, bytes);
  }
  const sizes = checkListing(where, manifest, (p) => actual.get(p));
  const driver: FileDriver = {
    where,
    byRange: source.lazyFiles === true,
    source: (p) => held.get(p) ?? bufferSource(whole.get(p)!),
    readWhole(p, into) {
      const b = whole.get(p) ?? held.get(p)!.read(0, into.length);
      into.set(b.subarray(0, into.length));
      return Math.min(b.length, into.length);
    },
  };
  if (source.lazyFiles) {
    // Lazy mode: each reader checks its container's magic and version when first built (on first use).
    const ds = datasetOfFiles(new DatasetFiles(driver, sizes), manifest, false);
    // The shard readers now, in this run (thrown away if it missed a byte): their offset tables must
    // come from fetched bytes. Every shard is tried before the first failure is thrown, so that one
    // run names the missing bytes of all of them (a shard read over zeros fails), not one per run.
    let failure: { error: unknown } | undefined;
    for (let n = 0; n < manifest.counts.shards; n++) {
      try {
        ds.shard(n);
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
    return { dir, manifest, engine: createEngine(ds) };
  }
  checkHeads(where, manifest, (p, n) => held.get(p)?.read(0, n) ?? whole.get(p)!.subarray(0, n));
  const ds = datasetOfFiles(new DatasetFiles(driver, sizes), manifest, true);
  return { dir, manifest, engine: createEngine(ds) };
}
