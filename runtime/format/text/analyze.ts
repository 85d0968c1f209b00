/**
 * Text → index terms: normalise, tokenise, stem words by the recipe's language. The one path
 * both the index compiler and the query parser take, so a query word and a document word meet
 * on the same term (FORMAT.md § 15).
 */
import { normalizeText } from './normalize.ts';
import { stem } from './stem.ts';
import { tokenize } from './tokenize.ts';

/** Index terms of one text in document order (repeats kept: they are the term frequencies). */
export function analyze(text: string, language: string): string[] {
  return tokenize(normalizeText(text)).map((t) => (t.kind === 'word' ? stem(t.text, language) : t.text));
}
