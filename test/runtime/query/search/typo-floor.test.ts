/** A query with no good match answers nothing rather than noise (issue 21 item 7): runtime/query/search/typo-floor.ts. */
import { afterAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../../helpers/make-recipe.ts';

const step = (text: string) => [{ step: 1, text }];
const fx = buildFixture([
  makeRecipe({ id: 'gnocchi', title: 'Gnocchi mit Tomaten', language: 'de', instructions: step('Mit einem Spatel wenden.') }),
  makeRecipe({ id: 'choc', title: 'Chocolate cake' }),
  makeRecipe({ id: 'stew', title: 'Winter stew', instructions: step('Stir in a spoon of chocolate.') }),
]);
afterAll(() => fx.cleanup());
const search = (query: string) => fx.engine.search!({ query, limit: 10 }).hits.map((h) => fx.recipes[h.doc]!.id);

describe('queries whose every match is a typo guess', () => {
  it('answer nothing when the guess only stands in the instructions ("Spätzle" is not "Spatel")', () => {
    expect(search('Spätzle')).toEqual([]);
  });

  it('keep a guess that stands in the title ("choclate" → Chocolate cake), and drop the one in the steps', () => {
    expect(search('choclate')).toEqual(['choc']);
  });

  it('never cut a query with an exact match: the steps count then', () => {
    expect(search('chocolate').sort()).toEqual(['choc', 'stew']);
  });
});
