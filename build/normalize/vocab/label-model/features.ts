/**
 * The evidence a recipe gives the label model (label-model.ts), as named binary features, one
 * family per kind of evidence so that the build report can say what an inferred label came from:
 *
 *   t:<word>   a word of the title (Han, kana and Thai runs: each character and each pair)
 *   k:<word>   a word of a tag or of a category slug; c:<slug> the whole category slug
 *   i:<id>     a canonical ingredient id; d:<diet> a diet the recipe suits (what its ingredients allow)
 *   s:<name>   the source; h:<host> the page's host (a site's own group of recipes)
 *   l:<code>   the recipe language (language is not cuisine for most sources: the model weighs it)
 *   r:<label>  a keyword rule of dataset/vocab/label-rules.json fires (infer-labels.ts)
 *
 * Two views. A recipe with tags or categories is seen whole ('full'). One with neither (every
 * Epicurious recipe: a title, ingredient lines and steps) is seen 'plain': title words,
 * ingredients, language and the title's rules only, by a model trained on the labelled recipes
 * seen the same way, so that its thresholds are chosen, and its precision measured, on the
 * evidence such a recipe really has (a full recipe's site and tags would flatter it).
 */
import type { Recipe } from '../../../../runtime/format/recipe.ts';
import { normalizeText } from '../../../../runtime/format/text/normalize.ts';
import { inferLabels, type LabelEvidence } from '../infer-labels.ts';

export interface ModelEvidence extends LabelEvidence {
  url: string;
  /** Canonical ingredient ids (lines without one are left out). */
  ingredients: readonly string[];
  diets: readonly string[];
}

/** The signal a feature family stands for (the build report's "from"). */
export const SIGNALS = { t: 'title', k: 'tags', c: 'tags', i: 'ingredients', d: 'ingredients', s: 'source', h: 'source', l: 'language', r: 'rules' } as const;
export type Signal = (typeof SIGNALS)[keyof typeof SIGNALS];

const NO_SPACES = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]+$/u;

/** Folded words; a run of a script written without spaces gives its characters and their pairs. */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const w of normalizeText(text).split(/[^\p{L}\p{M}\p{N}]+/u)) {
    if (w === '') continue;
    if (!NO_SPACES.test(w)) out.push(w);
    else {
      const chars = [...w];
      chars.forEach((ch, i) => out.push(ch, ...(i + 1 < chars.length ? [ch + chars[i + 1]!] : [])));
    }
  }
  return out;
}

function hostOf(url: string): string | undefined {
  const m = /^https?:\/\/(?:www\.)?([^/:?#]+)/i.exec(url);
  return m?.[1]?.toLowerCase();
}

export type View = 'full' | 'plain';
export const VIEWS: readonly View[] = ['full', 'plain'];

/** The view a recipe is seen in: plain when it has neither tags nor categories. */
export const viewOf = (e: ModelEvidence): View => (e.tags.length === 0 && e.categories.length === 0 ? 'plain' : 'full');

/** The recipe's features for one field (the rule features are the field's) in one view, sorted, each once. */
export function featuresOf(field: 'courses' | 'cuisines', e: ModelEvidence, view: View = viewOf(e)): string[] {
  const out = new Set<string>();
  for (const w of wordsOf(e.title)) out.add(`t:${w}`);
  for (const id of e.ingredients) out.add(`i:${id}`);
  for (const d of e.diets) out.add(`d:${d}`);
  out.add(`l:${e.language}`);
  if (view === 'plain') {
    for (const l of inferLabels(field, { ...e, tags: [], categories: [], source: '' }, true).labels) out.add(`r:${l}`);
    return [...out].sort();
  }
  for (const t of e.tags) for (const w of wordsOf(t)) out.add(`k:${w}`);
  for (const c of e.categories) {
    out.add(`c:${c}`);
    for (const w of wordsOf(c.replace(/-/g, ' '))) out.add(`k:${w}`);
  }
  out.add(`s:${e.source}`);
  const host = hostOf(e.url);
  if (host) out.add(`h:${host}`);
  for (const l of inferLabels(field, e, true).labels) out.add(`r:${l}`);
  return [...out].sort();
}

/** The group a recipe is held out with when folds are by site: its source and its page's host. */
export const groupOf = (e: ModelEvidence): string => `${e.source} ${hostOf(e.url) ?? ''}`;

/** A compiled recipe's evidence (`source`: the SourceRecord's source name). */
export function evidenceOf(r: Pick<Recipe, 'title' | 'language' | 'tags' | 'categories' | 'url' | 'ingredients' | 'diets'>, source: string): ModelEvidence {
  return {
    title: r.title,
    language: r.language,
    tags: r.tags,
    categories: r.categories,
    source,
    url: r.url,
    ingredients: r.ingredients.flatMap((i) => (i.id ? [i.id] : [])),
    diets: r.diets,
  };
}
