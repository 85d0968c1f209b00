/** The real compiled dataset's files as bytes (for memorySource), by path relative to `dir`. */
import fs from 'node:fs';
import path from 'node:path';

export function filesUnder(dir: string, prefix = ''): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) for (const [p, b] of filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`)) out.set(p, b);
    else out.set(prefix + e.name, new Uint8Array(fs.readFileSync(path.join(dir, e.name))));
  }
  return out;
}
