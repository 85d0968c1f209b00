import { describe, expect, it } from 'vitest';
import { buildSearchIndex, searchWriter } from '../../../build/write/search.ts';
import { writePart } from '../../../build/write/write-dataset.ts';
import { PATHS } from '../../../runtime/format/constants.ts';
import { FormatError } from '../../../runtime/format/container.ts';
import { decodeSearchIndex, encodeSearchIndex, SEARCH_FIELDS } from '../../../runtime/format/search-index.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';

const recipes = [
  makeRecipe({ id: 'a', title: 'Tomato soup', tags: ['quick'], description: 'A red soup.', instructions: [{ step: 1, text: 'Simmer the tomatoes.' }] }),
  makeRecipe({ id: 'b', title: 'Gebratene Kartoffeln', language: 'de', ingredients: [{ display: '1 kg Kartoffeln', name: 'Kartoffeln', optional: false }] }),
  makeRecipe({ id: 'c', title: '红烧肉', language: 'zh', cuisines: ['chinese'] }),
];
const ctx = { recipes, catalog: [], ingredientNames: [] };

describe('search index writer', () => {
  it('decodes to exactly what it encoded', () => {
    const ix = buildSearchIndex(recipes);
    const back = decodeSearchIndex(encodeSearchIndex(ix), 'search/index.bin');
    expect(back.fields).toEqual([...SEARCH_FIELDS]);
    expect(back.languages).toEqual(['de', 'en', 'zh']);
    expect(back.terms).toEqual(ix.terms);
    expect([...back.termStarts]).toEqual([...ix.termStarts]);
    expect([...back.docs]).toEqual([...ix.docs]);
    expect([...back.tfs]).toEqual([...ix.tfs]);
    expect([...back.lengths]).toEqual([...ix.lengths]);
    expect([...back.docLanguage]).toEqual([...ix.docLanguage]);
    expect(back.avgFieldLengths).toEqual(ix.avgFieldLengths);
  });

  it('sorts the dictionary by code units and stores stemmed terms with per-field frequencies', () => {
    const ix = buildSearchIndex(recipes);
    expect([...ix.terms]).toEqual([...ix.terms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const postings = (term: string) => {
      const t = ix.terms.indexOf(term);
      expect(t).toBeGreaterThanOrEqual(0);
      const out: [number, number[]][] = [];
      for (let p = ix.termStarts[t]!; p < ix.termStarts[t + 1]!; p++) out.push([ix.docs[p]!, [...ix.tfs.subarray(p * 5, p * 5 + 5)]]);
      return out;
    };
    // "Tomato" in the title, "tomatoes" in the instructions: one term, two fields.
    expect(postings('tomato')).toEqual([[0, [1, 0, 0, 0, 1]]]);
    // German "Kartoffeln" stems to "kartoffel" in the title and the ingredient names.
    expect(postings('kartoffel')).toEqual([[1, [1, 1, 0, 0, 0]]]);
    // Chinese: unigrams and bigrams.
    expect(postings('烧肉')).toEqual([[2, [1, 0, 0, 0, 0]]]);
    expect(postings('肉')).toEqual([[2, [1, 0, 0, 0, 0]]]);
    // Field lengths: "红烧肉" → 红 红烧 烧 烧肉 肉 = 5 terms.
    expect(ix.lengths[2 * 5]).toBe(5);
  });

  it('writes byte-identical files for the same recipes', () => {
    const a = writePart(searchWriter, ctx).get(PATHS.searchIndex)!;
    const b = writePart(searchWriter, ctx).get(PATHS.searchIndex)!;
    expect(a.equals(b)).toBe(true);
    expect(a.subarray(0, 4).toString('latin1')).toBe('RDBT');
  });

  it('refuses a file whose sections disagree with its header', () => {
    const bytes = Buffer.from(encodeSearchIndex(buildSearchIndex(recipes)));
    expect(() => decodeSearchIndex(bytes.subarray(0, bytes.length - 64), 'x')).toThrow(FormatError);
  });
});
