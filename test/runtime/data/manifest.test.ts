import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../../runtime/data/manifest.ts';
import { buildFixture, type Fixture } from '../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

let fx: Fixture | undefined;
afterEach(() => fx?.cleanup());

describe('resolving the dataset directory', () => {
  it('serves the directory named by dist/data/current', () => {
    const f = (fx = buildFixture([makeRecipe({ id: 'aaa' })]));
    expect(resolveDataDir(f.root)).toBe(f.dir);
    expect(fs.readdirSync(f.root).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('says what to run when there is no dataset at all', () => {
    expect(() => resolveDataDir('/nonexistent/recipe-db')).toThrow(/No compiled dataset.*npm run build/);
  });
});
