/**
 * The offline client's bundles built with build/client-bundle-options.mjs (what `npm run build`
 * writes to dist/client/) into a temporary directory, so tests check the bundles of the sources
 * they run with, never a stale dist/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { clientBundles } from '../../build/client-bundle-options.mjs';

export interface ClientBundles {
  dir: string;
  /** What went into each bundle (esbuild's metafile), by output file name. */
  inputs: Record<string, string[]>;
}

/** Builds index.mjs and node.mjs into a fresh directory under the system temp directory (no node_modules above it). */
export async function buildClientBundles(): Promise<ClientBundles> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-client-'));
  const inputs: Record<string, string[]> = {};
  for (const options of clientBundles(dir)) {
    const result = await build({ ...options, absWorkingDir: path.resolve(import.meta.dirname, '../..') });
    for (const [out, meta] of Object.entries((result.metafile as Metafile).outputs)) inputs[path.basename(out)] = Object.keys(meta.inputs);
  }
  return { dir, inputs };
}
