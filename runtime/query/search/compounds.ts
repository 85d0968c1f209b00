/**
 * Query-side splitting of compound words (issue 21 item 7) for the languages where compounding
 * is the rule: a query word that no document term equals, in any stemmed form, is split into
 * parts that are terms of the index's own vocabulary ("kartoffelsalat" → "kartoffel" "salat"),
 * each part then a query word of its own. Nothing is split that the index knows whole, so a
 * compound the recipes use keeps its own, sharper match; nor a word within the typo edits of a
 * term the index holds: a misspelt word is likelier than a compound ("protien" is "protein", not
 * "pro" "tien"). Pure.
 */
import { stem } from '../../format/text/stem.ts';
import type { Token } from '../../format/text/tokenize.ts';
import { typoEdits, type TermDictionary } from './terms.ts';

/** Languages whose nouns compound without spaces (German, Dutch, the Scandinavian languages). */
export const COMPOUNDING_LANGUAGES: readonly string[] = ['de', 'nl', 'sv', 'da', 'no'];
/** Shortest part, in letters (default 3, range 3..5): shorter ones ("ei", "öl") split too eagerly. */
const MIN_PART = 3;
/** Linking elements between parts (Fugen-s, -n, -en, -es, -er, -e): "Geburtstagstorte" → "geburtstag" "torte". */
const LINKS = ['', 's', 'n', 'en', 'es', 'er', 'e'];

/** Whether some language of the index stems the word to a term the index holds. */
function known(dict: TermDictionary, languages: readonly string[], word: string): boolean {
  if (dict.id(word) !== undefined) return true;
  return languages.some((lang) => dict.id(stem(word, lang)) !== undefined);
}

/**
 * The parts of an unknown word, or undefined when it is known or cannot be split. The split with
 * the longest first part wins (the head of a German compound is its last part; a longer modifier
 * leaves fewer, more specific heads); the rest splits again.
 */
export function splitCompound(dict: TermDictionary, languages: readonly string[], word: string, depth = 0): string[] | undefined {
  const chars = Array.from(word);
  if (depth > 0 && known(dict, languages, word)) return [word];
  if (depth > 3 || chars.length < 2 * MIN_PART) return undefined;
  for (let i = chars.length - MIN_PART; i >= MIN_PART; i--) {
    const head = chars.slice(0, i).join('');
    const rest = chars.slice(i).join('');
    for (const link of LINKS) {
      if (!head.endsWith(link) || Array.from(head).length - link.length < MIN_PART) continue;
      const left = link === '' ? head : head.slice(0, head.length - link.length);
      if (!known(dict, languages, left)) continue;
      const right = splitCompound(dict, languages, rest, depth + 1);
      if (right) return [left, ...right];
    }
  }
  return undefined;
}

/** Whether the word, or some language's stem of it, is within the typo edits of a term the index holds (as plan.ts matches typos). */
function nearMiss(dict: TermDictionary, languages: readonly string[], word: string): boolean {
  for (const form of new Set([word, ...languages.map((lang) => stem(word, lang))])) {
    const k = typoEdits(word, form);
    if (k > 0 && dict.fuzzy(form, k).length > 0) return true;
  }
  return false;
}

/** The query's words with unknown compounds replaced by their parts (compounding languages of the index only). */
export function splitCompounds(dict: TermDictionary, indexLanguages: readonly string[], words: readonly Token[]): Token[] {
  const languages = indexLanguages.filter((l) => COMPOUNDING_LANGUAGES.includes(l));
  if (languages.length === 0) return [...words];
  const out: Token[] = [];
  for (const w of words) {
    const parts = w.kind === 'word' && !known(dict, indexLanguages, w.text) ? splitCompound(dict, languages, w.text) : undefined;
    if (parts && parts.length > 1 && !nearMiss(dict, indexLanguages, w.text)) for (const text of parts) out.push({ text, kind: 'word' });
    else out.push(w);
  }
  return out;
}
