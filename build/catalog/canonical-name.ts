/**
 * Build-time reduction of a recipe's ingredient name to the words that name the ingredient.
 * The compiler matches the whole name first and these reduced forms only when that fails
 * (runtime user input never goes through this). Rules, in order:
 *   1. parenthesised asides, everything after the first comma or semicolon, and a leading label
 *      ("Accompaniment: lemon wedges") are dropped;
 *   2. counts inside the name ("juice of 1 lemon", "2 x") are dropped: `countless`;
 *   3. the language's descriptive words (descriptors.ts), single words or hyphenated phrases of up
 *      to three words, are dropped: `canonicalName`;
 *   4. a name that offers alternatives ("sherry vinegar or red wine vinegar", "Butter oder
 *      Margarine") is tried as its first alternative, then its last ("bittersweet or semisweet
 *      chocolate" → "semisweet chocolate"): the recipe names each as the ingredient.
 * Results are normalised (normalizeName); '' when nothing is left.
 */
import { COUNT_WORDS, descriptorSet } from './descriptors.ts';
import { normalizeName } from './normalize-name.ts';

const MAX_PHRASE = 3;
const NUMBER_TOKEN = /^(?:\d+(?:[.,/]\d+)*|[½¼¾⅓⅔⅛⅜⅝⅞]|\d+[½¼¾⅓⅔⅛])(?:%|x)?$/u;
const LABEL = /^\s*\p{L}[\p{L} ]{0,24}:\s*(?=\S)/u;
/** Words that join alternatives, per language ('of' only in Dutch: English "of" is no alternative). */
const ALTERNATIVE: Record<string, readonly string[]> = {
  en: ['or', 'and/or'], de: ['oder', 'bzw'], sv: ['eller'], nb: ['eller'], no: ['eller'], da: ['eller'], nl: ['of'],
  fr: ['ou'], es: ['o', 'u'], it: ['o', 'oppure'], pt: ['ou'], pl: ['lub', 'albo'], cs: ['nebo'], hu: ['vagy'], zh: ['或', '或者'],
};

function core(name: string): string {
  return name.replace(/\([^)]*\)?|\[[^\]]*\]?|（[^）]*）?/gu, ' ').split(/[,;，；]/u)[0]?.replace(LABEL, '') ?? '';
}

function tokensOf(text: string): string[] {
  return normalizeName(text).split('-').filter((t) => t !== '');
}

function dropCounts(tokens: string[], language: string): string[] {
  const counts = COUNT_WORDS[language.slice(0, 2)] ?? COUNT_WORDS.en ?? [];
  return tokens.filter((t) => !NUMBER_TOKEN.test(t) && !counts.includes(t));
}

function dropDescriptors(tokens: string[], language: string): string[] {
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
  return kept;
}

/** The name with asides, counts and descriptive words dropped (rules 1–3). */
export function canonicalName(name: string, language = 'en'): string {
  return dropDescriptors(dropCounts(tokensOf(core(name)), language), language).join('-');
}

/** Every reduced form to try after the whole name, most faithful first, without repeats or ''. */
export function candidateNames(name: string, language = 'en'): string[] {
  const lang = language.toLowerCase().slice(0, 2);
  const tokens = tokensOf(core(name));
  const out = [tokens.join('-'), dropCounts(tokens, lang).join('-'), canonicalName(name, lang)];
  const joiners = new Set([...(ALTERNATIVE[lang] ?? []), ...(lang === 'en' ? [] : ALTERNATIVE.en ?? [])]);
  const at = tokens.findIndex((t) => joiners.has(t));
  if (at > 0 && at < tokens.length - 1) {
    const first = tokens.slice(0, at);
    let end = tokens.length - 1;
    while (!joiners.has(tokens[end] ?? '')) end--;
    const last = tokens.slice(end + 1);
    for (const part of [first, last]) {
      const counted = dropCounts(part, lang);
      out.push(counted.join('-'), dropDescriptors(counted, lang).join('-'));
    }
  }
  return [...new Set(out)].filter((c) => c !== '');
}
