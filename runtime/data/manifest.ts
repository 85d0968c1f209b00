/**
 * The entry point of a dataset on disk: which directory to serve, its manifest.json (format and
 * version checked), and the files it lists, each present with the manifest's size (FORMAT.md
 * § 11); the checks themselves, which need no file system, are in listing.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CURRENT_POINTER_FILE, MANIFEST_FILE } from '../format/constants.ts';
import type { Manifest } from '../format/manifest.ts';
import { DatasetError, REBUILD } from './dataset-error.ts';
import { checkListing, parseManifest } from './listing.ts';

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
  return parseManifest(fs.readFileSync(file, 'utf8'), file, dir);
}

/**
 * The size of every listed file, after checking that each exists with the manifest's size, that
 * the shard count agrees with the recipe count and that every shard is listed (listing.ts).
 */
export function listedSizes(dir: string, manifest: Manifest): Map<string, number> {
  return checkListing(dir, manifest, (p) => {
    try {
      return fs.statSync(path.join(dir, p)).size;
    } catch {
      return undefined;
    }
  });
}
