/**
 * memorySource(files): a dataset handed over as bytes (bundled assets, files read from OPFS or
 * IndexedDB, tests). Keys are paths relative to the location: either a root (`current`,
 * `<version>/manifest.json`, ...) or one version directory (`manifest.json`, `records/00000.bin`, ...).
 */
import type { Source } from './source.ts';

export type MemoryFiles = ReadonlyMap<string, Uint8Array> | Readonly<Record<string, Uint8Array>>;

export function memorySource(files: MemoryFiles, location = 'memory:'): Source {
  const map: ReadonlyMap<string, Uint8Array> = files instanceof Map ? files : new Map(Object.entries(files));
  return {
    location,
    get: async (p) => map.get(p),
  };
}
