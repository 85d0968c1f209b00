/** The search spill's record of a recipe (search-record.ts): what is written reads back. */
import { describe, expect, it } from 'vitest';
import { fieldTexts, packSearchTexts, unpackSearchTexts } from '../../../build/spill/search-record.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';
import { SAMPLE_RECIPES as recipes } from '../../helpers/search-recipes.ts';

describe('search record', () => {
  it('packs each recipe\'s language and field texts into one record and back, whatever they hold', () => {
    const odd = makeRecipe({ id: 'x', language: 'de', title: 'a;b,c\u0000', description: '1,2;3', instructions: [{ step: 1, text: '𠀋\n;' }], tags: ['x-y', ''] });
    const long = makeRecipe({ id: 'y', title: 'é'.repeat(70_000), description: '' });
    for (const r of [...recipes, odd, long]) expect(unpackSearchTexts(packSearchTexts(r))).toEqual({ language: r.language, texts: fieldTexts(r) });
    const bad = packSearchTexts(recipes[0]!);
    bad.writeUInt32LE(bad.readUInt32LE(4) - 1, 4); // the title's item runs past its field
    expect(() => unpackSearchTexts(bad)).toThrow(/malformed/);
  });
});
