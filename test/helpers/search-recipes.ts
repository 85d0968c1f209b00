/**
 * Recipes for the search index builder's tests (test/build/write/search/, test/build/threads/,
 * test/build/spill/): a few of every shape, random texts that stress the analyser, and many
 * sharing words so that terms have several blocks.
 */
import fc from 'fast-check';
import { SearchIndexBuilder } from '../../build/write/search/builder.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import { makeRecipe } from './make-recipe.ts';

/** Three recipes in three languages and scripts. */
export const SAMPLE_RECIPES = [
  makeRecipe({ id: 'a', title: 'Tomato soup', tags: ['quick'], description: 'A red soup.', instructions: [{ step: 1, text: 'Simmer the tomatoes.' }] }),
  makeRecipe({ id: 'b', title: 'Gebratene Kartoffeln', language: 'de', ingredients: [{ display: '1 kg Kartoffeln', name: 'Kartoffeln', optional: false }] }),
  makeRecipe({ id: 'c', title: '红烧肉', language: 'zh', cuisines: ['chinese'] }),
];

// Letters that compose, decompose, change case by context or fold, marks, CJK, surrogates, and
// every kind of ASCII white space next to them.
const ALPHABET = ['a', 'B', 'é', 'e\u0301', '\u0301', 'Σ', 'ς', 'İ', 'ß', 'ﬁ', '５', '\u00a0', '´', "'", '’', '=', '\u0338', '≠',
  '红', '烧', 'カ', 'ー', '김', '𠀋', 'x'.repeat(41), '-', '.', ' ', '\t', '\n', '\r', '\v', '\f', '  '];
export const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 40 }).map((parts) => parts.join(''));
export const LANGS = ['en', 'de', 'zh', 'ja', 'fr'];

export const recipesOf = (texts: string[]) =>
  texts.map((t, i) => makeRecipe({ id: `r${String(i).padStart(3, '0')}`, language: LANGS[i % LANGS.length]!, title: t, description: texts[(i + 1) % texts.length]!, tags: i % 3 ? ['main-course'] : [] }));

/** The file of one builder of all of `recipes`. */
export function encodeWhole(recipes: readonly Recipe[]): Buffer {
  const b = new SearchIndexBuilder(recipes.length);
  recipes.forEach((r, doc) => b.add(doc, r));
  return b.encode();
}

/**
 * `count` recipes in runs of languages (a run of 'en', then 'de', ...), sharing words so that
 * common terms have more than one block of postings, each with a word of its own.
 */
export const manyRecipes = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeRecipe({
      id: `m${String(i).padStart(4, '0')}`,
      language: ['en', 'de', 'zh', 'fr'][Math.floor(i / 70) % 4]!,
      title: `Soup ${i % 3 ? 'with onions' : 'of tomatoes'} number${i} 红烧肉`,
      description: i % 5 ? 'Simmer slowly, then serve.' : '',
      tags: i % 4 ? ['main-course', `tag-${i % 9}`] : [],
      ingredients: [{ display: 'x', name: ['onion', 'Äpfel', 'salt'][i % 3]!, optional: false }],
    }),
  );
