/**
 * The offline client for Node (dist/client/node.mjs): everything index.ts exports, plus
 * fileSource(dir) over a directory laid out like dist/data/ or one version directory. Large files
 * (record shards, the search index) are hashed as a stream at open and then read by positional
 * reads, never held whole; the others are read whole.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileSource as descriptorSource } from '../data/file-source.ts';
import type { Source } from './source.ts';

export * from './index.ts';

export function fileSource(dir: string): Source {
  const root = path.resolve(dir);
  const full = (p: string) => path.join(root, ...p.split('/'));
  return {
    location: root,
    async get(p) {
      try {
        return new Uint8Array(await fs.promises.readFile(full(p)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    byteSource: (p) => descriptorSource(full(p), fs.statSync(full(p)).size),
    async sha256(p) {
      const hash = createHash('sha256');
      for await (const chunk of fs.createReadStream(full(p))) hash.update(chunk as Buffer);
      return hash.digest('hex');
    },
  };
}
