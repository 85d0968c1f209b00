/**
 * Finds known phrases in text: whole words for scripts with spaces ('oven' matches 'preheat the
 * oven' but not 'ovenproof'), substrings for Chinese/Japanese runs (no spaces to anchor words).
 * Leftmost-longest, non-overlapping: at each position the longest phrase wins, so 'dutch oven'
 * is not also 'oven' and an ignore phrase ('pot roast') blocks its generic part ('pot').
 */
import { foldText, words } from './text.ts';

/** A phrase's value: a slug, or null for an ignore phrase (consumed, yields nothing). */
export type PhraseValue = string | null;

interface WordPhrase { words: readonly string[]; values: string[] }
interface CharPhrase { text: string; values: string[] }

export interface PhraseSet {
  /** First word → phrases (as word arrays) starting with it, longest first. */
  byFirstWord: ReadonlyMap<string, readonly WordPhrase[]>;
  /** First character → CJK phrases starting with it, longest first. */
  byFirstChar: ReadonlyMap<string, readonly CharPhrase[]>;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function isCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * Build a set from [phrase, value] pairs. A phrase listed under several slugs yields all of them
 * ('measuring cups and spoons'); an ignore phrase (null) yields nothing.
 */
export function buildPhraseSet(pairs: Iterable<readonly [string, PhraseValue]>): PhraseSet {
  const byFirstWord = new Map<string, WordPhrase[]>();
  const byFirstChar = new Map<string, CharPhrase[]>();
  const byKey = new Map<string, { values: string[] }>();
  for (const [phrase, value] of pairs) {
    const cjk = isCjk(phrase);
    const ws = cjk ? [] : words(phrase);
    const text = cjk ? foldText(phrase).replace(/\s+/g, '') : ws.join(' ');
    const first = cjk ? [...text][0] : ws[0];
    if (first === undefined) continue;
    const key = `${cjk ? 'c' : 'w'}:${text}`;
    let entry = byKey.get(key);
    if (entry === undefined) {
      entry = { values: [] };
      byKey.set(key, entry);
      if (cjk) byFirstChar.set(first, [...(byFirstChar.get(first) ?? []), { text, values: entry.values }]);
      else byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), { words: ws, values: entry.values }]);
    }
    if (value !== null && !entry.values.includes(value)) entry.values.push(value);
  }
  for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  for (const list of byFirstChar.values()) list.sort((a, b) => b.text.length - a.text.length);
  return { byFirstWord, byFirstChar };
}

function scanCjk(run: string, set: PhraseSet, out: string[]): void {
  const chars = [...run];
  let i = 0;
  while (i < chars.length) {
    const candidates = set.byFirstChar.get(chars[i] ?? '') ?? [];
    const hit = candidates.find((c) => chars.slice(i, i + [...c.text].length).join('') === c.text);
    if (hit === undefined) {
      i += 1;
      continue;
    }
    out.push(...hit.values);
    i += [...hit.text].length;
  }
}

/** Values of every phrase found in `text`, in text order (duplicates possible). */
export function scanPhrases(text: string, set: PhraseSet): string[] {
  const out: string[] = [];
  const ws = words(text);
  let i = 0;
  while (i < ws.length) {
    const word = ws[i] ?? '';
    const candidates = set.byFirstWord.get(word) ?? [];
    const hit = candidates.find((c) => c.words.every((w, k) => ws[i + k] === w));
    if (hit !== undefined) {
      out.push(...hit.values);
      i += hit.words.length;
      continue;
    }
    if (isCjk(word)) scanCjk(word, set, out);
    i += 1;
  }
  return out;
}
