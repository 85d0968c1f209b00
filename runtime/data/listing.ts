/**
 * A manifest's checks that need no file system (FORMAT.md § 11), shared by the server
 * (manifest.ts reads the files) and the offline client: the manifest's JSON, format and version,
 * every listed file present with the manifest's size, the shard count agreeing with the recipe
 * count and every shard listed.
 */
import { FORMAT_VERSION, PATHS, RECORDS_PER_SHARD } from '../format/constants.ts';
import type { Manifest } from '../format/manifest.ts';
import { DatasetError, joinPath, REBUILD } from './dataset-error.ts';

/** `text` is the manifest read from `file`, of the dataset `dir`. */
export function parseManifest(text: string, file: string, dir: string): Manifest {
  let m: Manifest;
  try {
    m = JSON.parse(text) as Manifest;
  } catch (e) {
    throw new DatasetError(`${file} is not valid JSON (${(e as Error).message}). ${REBUILD}`);
  }
  if (m === null || typeof m !== 'object' || m.format !== 'recipe-db') throw new DatasetError(`${file} is not a recipe-db manifest. ${REBUILD}`);
  if (m.formatVersion !== FORMAT_VERSION) {
    throw new DatasetError(`${dir} has format version ${m.formatVersion}; this runtime reads version ${FORMAT_VERSION}. ${REBUILD}`);
  }
  if (!Array.isArray(m.files)) throw new DatasetError(`${file} lists no files. ${REBUILD}`);
  return m;
}

/**
 * The size of every listed file, after checking each against the manifest (`sizeOf` gives a
 * file's actual size, or undefined when it is missing) and the shards against the recipe count.
 */
export function checkListing(dir: string, manifest: Manifest, sizeOf: (p: string) => number | undefined): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const f of manifest.files) {
    const full = joinPath(dir, f.path);
    const size = sizeOf(f.path);
    if (size === undefined) throw new DatasetError(`${full} is missing. ${REBUILD}`);
    if (size !== f.bytes) throw new DatasetError(`${full} has ${size} bytes, the manifest says ${f.bytes}. ${REBUILD}`);
    sizes.set(f.path, size);
  }
  const recipeCount = manifest.counts.recipes;
  const shardCount = manifest.counts.shards;
  if (!Number.isInteger(recipeCount) || recipeCount < 0 || shardCount !== Math.ceil(recipeCount / RECORDS_PER_SHARD)) {
    throw new DatasetError(`${dir}: the manifest counts ${shardCount} shards for ${recipeCount} recipes (${RECORDS_PER_SHARD} per shard). ${REBUILD}`);
  }
  for (let n = 0; n < shardCount; n++) {
    if (!sizes.has(PATHS.shard(n))) throw new DatasetError(`${joinPath(dir, PATHS.shard(n))} is not listed in the manifest. ${REBUILD}`);
  }
  return sizes;
}
