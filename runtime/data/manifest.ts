/**
 * The entry point of a dataset: which directory to serve, its manifest.json (format and version
 * checked), and the files it lists, each present with the manifest's size (FORMAT.md § 11).
 */
import fs from 'node:fs';
import path from 'node:path';
import { CURRENT_POINTER_FILE, FORMAT_VERSION, MANIFEST_FILE, PATHS, RECORDS_PER_SHARD } from '../format/constants.ts';
import type { Manifest } from '../format/manifest.ts';
import { DatasetError, REBUILD } from './dataset-error.ts';

/** The dataset directory to serve: `root/current` if present, else the newest directory with a manifest. */
export function resolveDataDir(root: string): string {
  const pointer = path.join(root, CURRENT_POINTER_FILE);
  if (fs.existsSync(pointer)) {
    const name = fs.readFileSync(pointer, 'utf8').trim();
    if (name && !name.includes('/') && !name.includes('..')) return path.join(root, name);
  }
  const candidates = fs.existsSync(root)
    ? fs.readdirSync(root).filter((n) => !n.startsWith('.') && fs.existsSync(path.join(root, n, MANIFEST_FILE)))
    : [];
  if (candidates.length === 0) throw new DatasetError(`No compiled dataset in ${root}. ${REBUILD}`);
  candidates.sort((a, b) => fs.statSync(path.join(root, b, MANIFEST_FILE)).mtimeMs - fs.statSync(path.join(root, a, MANIFEST_FILE)).mtimeMs);
  return path.join(root, candidates[0]!);
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new DatasetError(`${file} is missing: the dataset is incomplete. ${REBUILD}`);
  let m: Manifest;
  try {
    m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch (e) {
    throw new DatasetError(`${file} is not valid JSON (${(e as Error).message}). ${REBUILD}`);
  }
  if (m.format !== 'recipe-db') throw new DatasetError(`${file} is not a recipe-db manifest. ${REBUILD}`);
  if (m.formatVersion !== FORMAT_VERSION) {
    throw new DatasetError(`${dir} has format version ${m.formatVersion}; this runtime reads version ${FORMAT_VERSION}. ${REBUILD}`);
  }
  if (!Array.isArray(m.files)) throw new DatasetError(`${file} lists no files. ${REBUILD}`);
  return m;
}

/**
 * The size of every listed file, after checking that each exists with the manifest's size, that
 * the shard count agrees with the recipe count and that every shard is listed.
 */
export function listedSizes(dir: string, manifest: Manifest): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const f of manifest.files) {
    const full = path.join(dir, f.path);
    let size: number;
    try {
      size = fs.statSync(full).size;
    } catch {
      throw new DatasetError(`${full} is missing. ${REBUILD}`);
    }
    if (size !== f.bytes) throw new DatasetError(`${full} has ${size} bytes, the manifest says ${f.bytes}. ${REBUILD}`);
    sizes.set(f.path, size);
  }
  const recipeCount = manifest.counts.recipes;
  const shardCount = manifest.counts.shards;
  if (!Number.isInteger(recipeCount) || recipeCount < 0 || shardCount !== Math.ceil(recipeCount / RECORDS_PER_SHARD)) {
    throw new DatasetError(`${dir}: the manifest counts ${shardCount} shards for ${recipeCount} recipes (${RECORDS_PER_SHARD} per shard). ${REBUILD}`);
  }
  for (let n = 0; n < shardCount; n++) {
    if (!sizes.has(PATHS.shard(n))) throw new DatasetError(`${path.join(dir, PATHS.shard(n))} is not listed in the manifest. ${REBUILD}`);
  }
  return sizes;
}
