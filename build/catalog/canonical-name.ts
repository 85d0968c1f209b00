/**
 * Build-time reduction of a recipe's ingredient name to the words that name the ingredient:
 * parenthesised asides and anything after the first comma are dropped ("(about 2 lb)", ", chopped"),
 * then the language's descriptive words (descriptors.ts), single words or hyphenated phrases of up
 * to three words. The result is normalised (normalizeName); '' when nothing is left.
 * The compiler matches the whole name first and this reduced name only when that fails.
 */
import { descriptorSet } from './descriptors.ts';
import { normalizeName } from './normalize-name.ts';

const MAX_PHRASE = 3;

export function canonicalName(name: string, language = 'en'): string {
  const core = name.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').split(/[,;]/)[0] ?? '';
  const tokens = normalizeName(core).split('-').filter((t) => t !== '');
  const words = descriptorSet(language);
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    let skip = 0;
    for (let n = Math.min(MAX_PHRASE, tokens.length - i); n >= 1 && skip === 0; n--) {
      if (words.has(tokens.slice(i, i + n).join('-'))) skip = n;
    }
    if (skip > 0) i += skip;
    else kept.push(tokens[i++] ?? '');
  }
  return kept.join('-');
}
