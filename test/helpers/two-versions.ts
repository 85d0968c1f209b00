/**
 * A dataset root of two versions for tests of a moving `current`: the compiled version (linked)
 * and a copy named `next` (its files linked, its manifest's datasetVersion 'next'), `current`
 * naming the first. point(root, name) moves `current`.
 */
import fs from 'node:fs';
import path from 'node:path';

export const NEXT = 'next';

export function twoVersions(root: string, versionDir: string): void {
  const version = path.basename(versionDir);
  fs.mkdirSync(path.join(root, NEXT), { recursive: true });
  fs.symlinkSync(versionDir, path.join(root, version));
  for (const f of fs.readdirSync(versionDir)) if (f !== 'manifest.json') fs.symlinkSync(path.join(versionDir, f), path.join(root, NEXT, f));
  const manifest = JSON.parse(fs.readFileSync(path.join(versionDir, 'manifest.json'), 'utf8'));
  fs.writeFileSync(path.join(root, NEXT, 'manifest.json'), JSON.stringify({ ...manifest, datasetVersion: NEXT }));
  point(root, version);
}

export const point = (root: string, name: string): void => fs.writeFileSync(path.join(root, 'current'), `${name}\n`);
