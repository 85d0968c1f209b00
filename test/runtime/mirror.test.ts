/**
 * Tests mirror the tree: a test file under test/runtime sits at the path of what it tests
 * (test/runtime/query/pantry/rank.property.test.ts tests runtime/query/pantry/rank.ts; an aspect
 * after the name, `.property` or `.processes`, is allowed). Helpers live in test/helpers/.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TESTS = fileURLToPath(new URL('./', import.meta.url));
const RUNTIME = fileURLToPath(new URL('../../runtime/', import.meta.url));

/** Suites of the whole folder they sit in, not of one file. */
const FOLDER_SUITES = new Set([
  'layering.test.ts',
  'mirror.test.ts',
  'format/golden.test.ts',
  'http/contract-real.test.ts',
  'http/fuzz.property.test.ts',
]);

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/** The runtime file or folder a test file's path names, or undefined when the path names none. */
function subjectOf(test: string): string | undefined {
  const m = /^(.*?)([^/.]+)(\.[^/]+)*\.test\.ts$/.exec(test);
  if (!m) return undefined;
  const base = join(RUNTIME, m[1]!, m[2]!);
  return existsSync(`${base}.ts`) ? `${base}.ts` : existsSync(base) ? base : undefined;
}

describe('the test tree', () => {
  it('holds under test/runtime only test files, each at the path of the runtime file or folder it tests', () => {
    const files = filesUnder(TESTS);
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => !FOLDER_SUITES.has(f) && subjectOf(f) === undefined)).toEqual([]);
  });

  it('finds the subject of a mirrored path and of an aspect, and none for a stray one', () => {
    expect(subjectOf('query/pantry/rank.property.test.ts')).toBe(join(RUNTIME, 'query/pantry/rank.ts'));
    expect(subjectOf('store/lmdb.processes.test.ts')).toBe(join(RUNTIME, 'store/lmdb.ts'));
    expect(subjectOf('http/routes/docs.test.ts')).toBe(join(RUNTIME, 'http/routes/docs.ts'));
    expect(subjectOf('store/keys-cli.test.ts')).toBeUndefined();
    expect(subjectOf('http/app-fixture.ts')).toBeUndefined();
  });
});
