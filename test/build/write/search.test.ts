/** The search index part writer (write/search.ts): the file it writes, and what decodes from it. */
import { describe, expect, it } from 'vitest';
import { fieldTexts } from '../../../build/spill/search-record.ts';
import { buildSearchIndex, searchWriter } from '../../../build/write/search.ts';
import { writePart } from '../../../build/write/write-dataset.ts';
import { PATHS } from '../../../runtime/format/constants.ts';
import { FormatError } from '../../../runtime/format/container.ts';
import { decodeSearchIndex, encodeSearchIndex, SEARCH_FIELDS } from '../../../runtime/format/search-index.ts';
import { analyze } from '../../../runtime/format/text/analyze.ts';
import { makeRecipe } from '../../helpers/make-recipe.ts';
import { SAMPLE_RECIPES as recipes } from '../../helpers/search-recipes.ts';

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

  it('indexes exactly the terms of analyze() on mixed scripts (its scanners agree with the tokenizer)', () => {
    let seed = 11;
    const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const pieces = ['红烧肉', 'カレー', 'ー', 'aー', 'ーa', '々', '漢字かなカナ', 'iphone版', 'Crêpe', 'Äpfel', 'straße', 'Ωmega',
      'Кartoffeln', 'tomatoes', "don't", '𠀋𠀋', '𝔘nicode', 'x'.repeat(41), 'é'.repeat(40), 'é'.repeat(41), '日'.repeat(45), 'ab12',
      '５０', 'ﬁsh', '〇', '⺀', 'カ・レ', '゛', ' ', '-', ',', '김치찌개', 'ελληνικά', 'naïve', 'Chicken'];
    const text = (n: number) => Array.from({ length: n }, () => pieces[Math.floor(rand() * pieces.length)]).join(rand() < 0.5 ? ' ' : '');
    const langs = ['en', 'de', 'zh', 'ja', 'fr', 'ko', 'es'];
    const mixed = Array.from({ length: 300 }, (_, i) =>
      makeRecipe({ id: `m${i}`, language: langs[i % langs.length]!, title: text(4), description: text(8), instructions: [{ step: 1, text: text(20) }] }),
    );
    const ix = buildSearchIndex(mixed);
    const F = SEARCH_FIELDS.length;
    const got = new Map<string, string>(); // "doc term" → tfs
    for (let t = 0; t < ix.terms.length; t++) {
      for (let p = ix.termStarts[t]!; p < ix.termStarts[t + 1]!; p++) got.set(`${ix.docs[p]} ${ix.terms[t]}`, [...ix.tfs.subarray(p * F, p * F + F)].join());
    }
    const want = new Map<string, string>();
    mixed.forEach((r, d) => {
      const tf = new Map<string, number[]>();
      fieldTexts(r).forEach((field, f) => {
        const terms = analyze(field, r.language);
        expect(ix.lengths[d * F + f]).toBe(terms.length);
        for (const term of terms) {
          if (!tf.has(term)) tf.set(term, new Array<number>(F).fill(0));
          tf.get(term)![f]!++;
        }
      });
      for (const [term, counts] of tf) want.set(`${d} ${term}`, counts.join());
    });
    expect(got).toEqual(want);
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
