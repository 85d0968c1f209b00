/**
 * The build's layers point one way: codec (small shared codecs) ← spill (the temporary files of
 * pass 1) ← threads (workers that run the passes) and write (the part writers, which read the
 * spill's search records); and nothing takes a helper from a part writer.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, tsFilesUnder } from '../helpers/imports.ts';

const BUILD = fileURLToPath(new URL('../../build/', import.meta.url));
const under = (folder: string) => tsFilesUnder(join(BUILD, folder));
const inFolder = (target: string, folder: string) => target.startsWith(join(BUILD, folder) + '/');

describe('build layering', () => {
  it('the shared codecs import nothing else of the build', () => {
    const files = under('codec');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) for (const { target } of importsOf(file)) if (target.startsWith(BUILD)) expect(inFolder(target, 'codec'), file).toBe(true);
  });

  it('the spill imports no thread code', () => {
    for (const file of under('spill')) for (const { target } of importsOf(file)) expect(inFolder(target, 'threads'), `${file} imports ${target}`).toBe(false);
  });

  it('the writers take only types from the threads, and from the spill only the search record codec', () => {
    for (const file of under('write')) {
      for (const { target, typeOnly } of importsOf(file)) {
        if (inFolder(target, 'threads')) expect(typeOnly, `${file} imports ${target}`).toBe(true);
        if (inFolder(target, 'spill')) expect(relative(BUILD, target), file).toBe('spill/search-record.ts');
      }
    }
  });

  it('imports a part writer only where the writers are run (write-dataset, compile, the search threads)', () => {
    const files = tsFilesUnder(BUILD);
    const writers = new Set(files.filter((f) => /^export const \w+: PartWriter = /m.test(readFileSync(f, 'utf8'))));
    expect(writers.size).toBeGreaterThanOrEqual(7);
    const runners = new Set(['write/write-dataset.ts', 'compile.ts', 'threads/search-thread.ts'].map((f) => join(BUILD, f)));
    for (const file of files) {
      if (runners.has(file)) continue;
      for (const { target } of importsOf(file)) expect(writers.has(target), `${file} imports the writer ${target}`).toBe(false);
    }
  });
});
