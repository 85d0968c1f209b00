/**
 * Compiles the search index (FORMAT.md § 15): every recipe's searchable fields are analysed
 * (runtime/format/text: normalise, tokenise, stem by the recipe's language) into per-field term
 * frequencies, then written as a sorted term dictionary with column postings. Deterministic:
 * terms sorted by code units, postings by doc, no Map-order or locale dependence.
 */
import { PATHS } from '../../runtime/format/constants.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import {
  averageFieldLengths,
  encodeSearchIndex,
  FIELD_COUNT,
  MAX_FIELD_LENGTH,
  MAX_TF,
  SEARCH_FIELDS,
  type SearchIndexData,
} from '../../runtime/format/search-index.ts';
import { analyze } from '../../runtime/format/text/analyze.ts';
import type { PartWriter } from './types.ts';

/** The text of each field (SEARCH_FIELDS order) of one recipe. Slugs ("main-course") split at hyphens. */
export function fieldTexts(r: Recipe): string[] {
  return [
    r.title,
    r.ingredients.map((i) => i.name).join('\n'),
    [...r.tags, ...r.categories, ...r.cuisines, ...r.courses].join('\n'),
    r.description,
    r.instructions.map((s) => s.text).join('\n'),
  ];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildSearchIndex(recipes: readonly Recipe[]): SearchIndexData {
  const N = recipes.length;
  const languages = [...new Set(recipes.map((r) => r.language))].sort(compare);
  if (languages.length > 255) throw new Error('search index: more than 255 languages');
  const langIndex = new Map(languages.map((l, i) => [l, i]));
  const docLanguage = new Uint8Array(N);
  const lengths = new Uint16Array(N * FIELD_COUNT);
  // term → flat list of (doc, f0..f4) in doc order; docs are visited ascending, so each list is sorted.
  const postings = new Map<string, number[]>();
  for (let doc = 0; doc < N; doc++) {
    const r = recipes[doc]!;
    docLanguage[doc] = langIndex.get(r.language)!;
    const perTerm = new Map<string, number[]>();
    fieldTexts(r).forEach((text, f) => {
      const terms = analyze(text, r.language);
      lengths[doc * FIELD_COUNT + f] = Math.min(terms.length, MAX_FIELD_LENGTH);
      for (const t of terms) {
        let tf = perTerm.get(t);
        if (!tf) perTerm.set(t, (tf = new Array<number>(FIELD_COUNT).fill(0)));
        tf[f] = Math.min(tf[f]! + 1, MAX_TF);
      }
    });
    for (const [t, tf] of perTerm) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push(doc, ...tf);
    }
  }
  const terms = [...postings.keys()].sort(compare);
  const stride = 1 + FIELD_COUNT;
  const P = terms.reduce((s, t) => s + postings.get(t)!.length / stride, 0);
  const termStarts = new Uint32Array(terms.length + 1);
  const docs = new Uint32Array(P);
  const tfs = new Uint8Array(P * FIELD_COUNT);
  let p = 0;
  terms.forEach((t, i) => {
    termStarts[i] = p;
    const list = postings.get(t)!;
    for (let j = 0; j < list.length; j += stride, p++) {
      docs[p] = list[j]!;
      for (let f = 0; f < FIELD_COUNT; f++) tfs[p * FIELD_COUNT + f] = list[j + 1 + f]!;
    }
  });
  termStarts[terms.length] = p;
  return {
    fields: SEARCH_FIELDS,
    languages,
    docCount: N,
    terms,
    termStarts,
    docs,
    tfs,
    lengths,
    docLanguage,
    avgFieldLengths: averageFieldLengths(lengths, N, FIELD_COUNT),
  };
}

export const searchWriter: PartWriter = {
  name: 'search index',
  write({ recipes }) {
    return new Map([[PATHS.searchIndex, encodeSearchIndex(buildSearchIndex(recipes))]]);
  },
};
