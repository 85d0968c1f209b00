/** Every serialised bitmap of a compiled dataset: the bitmap index files (filters, pantry) and the numeric breakpoints. */
import fs from 'node:fs';
import path from 'node:path';
import { decodeContainer } from '../../../runtime/format/container.ts';

interface Found {
  name: string;
  bytes: Uint8Array;
  cardinality: number;
}

export function realBitmaps(dir: string): Found[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { files: { path: string }[] };
  const out: Found[] = [];
  for (const { path: p } of manifest.files) {
    const kind = p.startsWith('index/') || p.startsWith('pantry/') ? 'bitmapIndex' : p.startsWith('numeric/') ? 'numericIndex' : undefined;
    if (kind === undefined) continue;
    const file = fs.readFileSync(path.join(dir, p));
    if (kind === 'bitmapIndex') {
      const { header, payload } = decodeContainer<{ entries: [string, number, number, number][] }>(kind, file, p);
      for (const [key, at, length, card] of header.entries) out.push({ name: `${p} ${key}`, bytes: payload.subarray(at, at + length), cardinality: card });
    } else {
      const { header, payload } = decodeContainer<{ breakpoints: [number, number, number, number, number][] }>(kind, file, p);
      for (const [key, , at, length, card] of header.breakpoints) out.push({ name: `${p} <= ${key}`, bytes: payload.subarray(at, at + length), cardinality: card });
    }
  }
  return out;
}
