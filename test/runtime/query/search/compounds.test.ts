/** Query-side compound splitting (issue 21 item 7): runtime/query/search/compounds.ts. */
import { afterAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../../../helpers/fixture-dataset.ts';
import { makeRecipe } from '../../../helpers/make-recipe.ts';
import { splitCompound, splitCompounds } from '../../../../runtime/query/search/compounds.ts';
import { TermDictionary } from '../../../../runtime/query/search/terms.ts';

const fx = buildFixture([
  makeRecipe({ id: 'kartoffeln', title: 'Gebratene Kartoffeln', language: 'de' }),
  makeRecipe({ id: 'salat', title: 'Grüner Salat mit Gurke', language: 'de' }),
  makeRecipe({ id: 'kartsalat', title: 'Schwäbischer Kartoffelsalat', language: 'de', createdAt: '2020-01-01T00:00:00.000Z' }),
  makeRecipe({ id: 'torte', title: 'Schokoladen Torte', language: 'de' }),
  makeRecipe({ id: 'gebtag', title: 'Geburtstag Muffins', language: 'de' }),
  makeRecipe({ id: 'potato', title: 'Roast potatoes', language: 'en' }),
  makeRecipe({ id: 'protein', title: 'Protein pancakes', language: 'en' }),
  makeRecipe({ id: 'pro', title: 'Pro tips: tien minuten soep', language: 'nl' }),
]);
afterAll(() => fx.cleanup());
const search = (query: string) => fx.engine.search!({ query, limit: 10 }).hits.map((h) => fx.recipes[h.doc]!.id);

describe('compound words in a query', () => {
  it('splits an unknown German compound into terms of the index: Gurkensalat finds the salad with Gurke, Salatkartoffeln both parts', () => {
    expect(search('Gurkensalat')[0]).toBe('salat');
    expect(search('Salatkartoffeln')).toEqual(expect.arrayContaining(['kartoffeln', 'salat']));
    expect(search('Kartoffelsuppe')).toEqual([]); // 'suppe' is no term here: no split, and no typo guess to show
  });

  it('keeps a compound the index knows whole, so its own recipe ranks first', () => {
    expect(search('Kartoffelsalat')[0]).toBe('kartsalat');
  });

  it('drops a linking element between the parts (Geburtstagstorte → geburtstag, torte)', () => {
    expect(search('Geburtstagstorte').sort()).toEqual(['gebtag', 'torte']);
  });

  it('reads a misspelt word as the typo it is, not as a compound of short terms (Protien is protein, not pro + tien)', () => {
    expect(search('Protien')).toEqual(['protein']);
    expect(search('Protien pancakes')[0]).toBe('protein');
    expect(splitCompounds(new TermDictionary(['pro', 'protein', 'tien'].sort()), ['en', 'nl'], [{ text: 'protien', kind: 'word' }])).toEqual([{ text: 'protien', kind: 'word' }]);
    expect(splitCompounds(new TermDictionary(['pro', 'tien'].sort()), ['en', 'nl'], [{ text: 'protien', kind: 'word' }]).map((t) => t.text)).toEqual(['pro', 'tien']);
  });

  it('splits only into parts of at least three letters that are all known, else leaves the word alone', () => {
    const dict = new TermDictionary(['kartoffel', 'salat', 'ei'].sort());
    expect(splitCompound(dict, ['de'], 'kartoffelsalat')).toEqual(['kartoffel', 'salat']);
    expect(splitCompound(dict, ['de'], 'eisalat')).toBeUndefined();
    expect(splitCompound(dict, ['de'], 'kartoffelbrei')).toBeUndefined();
  });
});
