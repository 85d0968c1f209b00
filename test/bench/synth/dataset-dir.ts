/**
 * A throw-away dataset directory for the compiler: everything of the repo's dataset/ symlinked
 * (catalog inputs, vocabularies, taxonomies) except the recipe sources, and sources/jsonld/
 * holding only the synthetic JSONL. So every compiled recipe is synthetic, while the catalog is
 * exactly the repo's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ADAPTERS } from '../../../build/sources/index.ts';

/** Folders under dataset/sources/ that hold recipes (the adapters', and howtocook's sibling). */
const RECIPE_FOLDERS = new Set([...ADAPTERS.map((a) => a.name), 'howtocook-json']);

function link(from: string, to: string): void {
  fs.rmSync(to, { force: true, recursive: !fs.lstatSync(to, { throwIfNoEntry: false })?.isSymbolicLink() });
  fs.symlinkSync(from, to);
}

/** Creates (or refreshes the links of) `dir`; returns the jsonld folder to write synthetic files into. */
export function prepareDatasetDir(repoDataset: string, dir: string): string {
  const jsonld = path.join(dir, 'sources', 'jsonld');
  fs.mkdirSync(jsonld, { recursive: true });
  for (const name of fs.readdirSync(repoDataset)) {
    if (name !== 'sources') link(path.resolve(repoDataset, name), path.join(dir, name));
  }
  for (const name of fs.readdirSync(path.join(repoDataset, 'sources'))) {
    if (!RECIPE_FOLDERS.has(name)) link(path.resolve(repoDataset, 'sources', name), path.join(dir, 'sources', name));
  }
  return jsonld;
}
