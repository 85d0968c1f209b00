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
 *      Margarine", "Gherkin / Cornichons") is tried as its first alternative, then its last
 *      ("bittersweet or semisweet chocolate" → "semisweet chocolate"): the recipe names each as
 *      the ingredient; a slash inside a word offers word alternatives ("all-purpose/plain flour"
 *      → "all-purpose flour", then "plain flour").
 * Also, before rule 3: a purpose or addition tail is cut ("flour for dredging", "kosher salt plus
 * more for seasoning": `TAIL_WORDS`), trademark signs go, and leading measure words and brand
 * names (descriptors.ts `LEADING`: "a pound of sugar", "Inspired Organics peanut butter") are
 * dropped from the front only.
 * Results are normalised (normalizeName); '' when nothing is left.
 */
import { COUNT_WORDS, descriptorSet, leadingSet, looseSet, TAIL_WORDS, wordsFor } from './descriptors.ts';
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
  return normalizeName(text.replace(/[®™©]/gu, ' ')).split('-').filter((t) => t !== '');
}

/** Cuts a purpose or addition tail ("for dredging", "plus more"); keeps the name when nothing would be left. */
function dropTail(tokens: string[], language: string): string[] {
  const tail = TAIL_WORDS[language] ?? [];
  const at = tokens.findIndex((t, i) => i > 0 && tail.includes(t));
  return at > 0 ? tokens.slice(0, at) : tokens;
}

/** Drops measure words and brand names from the front ("a pound of", "tea spoonful of", "Inspired Organics"). */
function dropLeading(tokens: string[], language: string): string[] {
  const words = leadingSet(language);
  let i = 0;
  for (;;) {
    let skip = 0;
    for (let n = Math.min(MAX_PHRASE, tokens.length - i - 1); n >= 1 && skip === 0; n--) {
      if (words.has(tokens.slice(i, i + n).join('-'))) skip = n;
    }
    if (skip === 0) break;
    i += skip;
  }
  return tokens.slice(i);
}

function dropCounts(tokens: string[], language: string): string[] {
  const own = wordsFor(COUNT_WORDS, language.slice(0, 2));
  const counts = own.length > 0 ? own : COUNT_WORDS.en ?? [];
  return tokens.filter((t) => !NUMBER_TOKEN.test(t) && !counts.includes(t));
}

function dropDescriptors(tokens: string[], language: string, words = descriptorSet(language)): string[] {
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
  const lang = language.toLowerCase().slice(0, 2);
  return dropDescriptors(dropLeading(dropCounts(dropTail(tokensOf(core(name)), lang), lang), lang), lang).join('-');
}

/** "all-purpose/plain flour" → "all-purpose flour", "plain flour": the first word offering a slash alternative. */
function slashAlternatives(tokens: string[]): string[][] {
  const at = tokens.findIndex((t) => /[^/]\/[^/]/u.test(t));
  if (at < 0) return [];
  const parts = (tokens[at] ?? '').split('/').filter((p) => p !== '');
  return parts.map((p) => [...tokens.slice(0, at), p, ...tokens.slice(at + 1)]);
}

/** Every reduced form to try after the whole name, most faithful first, without repeats or ''. */
export function candidateNames(name: string, language = 'en'): string[] {
  const lang = language.toLowerCase().slice(0, 2);
  const tokens = tokensOf(core(name));
  const out = [tokens.join('-'), dropCounts(tokens, lang).join('-'), canonicalName(name, lang)];
  for (const alt of slashAlternatives(dropTail(tokens, lang))) out.push(alt.join('-'), canonicalName(alt.join(' '), lang));
  const joiners = new Set([...(ALTERNATIVE[lang] ?? []), ...(lang === 'en' ? [] : ALTERNATIVE.en ?? []), '/']);
  const at = tokens.findIndex((t) => joiners.has(t));
  if (at > 0 && at < tokens.length - 1) {
    const first = tokens.slice(0, at);
    let end = tokens.length - 1;
    while (!joiners.has(tokens[end] ?? '')) end--;
    const last = tokens.slice(end + 1);
    for (const part of [first, last]) {
      const counted = dropCounts(dropTail(part, lang), lang);
      out.push(counted.join('-'), dropDescriptors(dropLeading(counted, lang), lang).join('-'));
    }
  }
  return [...new Set(out)].filter((c) => c !== '');
}

/**
 * Last resort (rule 5): each candidate with the looser descriptive words of descriptors.ts
 * `LOOSE_DESCRIPTORS` dropped as well ("roasted hazelnuts" → "hazelnuts", "dill fronds" → "dill").
 * Tried only after every candidate failed, so a stricter match is never changed.
 */
export function looseCandidates(name: string, language = 'en'): string[] {
  const lang = language.toLowerCase().slice(0, 2);
  const loose = looseSet(lang);
  const out: string[] = [];
  for (const c of candidateNames(name, lang)) {
    const kept = dropDescriptors(c.split('-'), lang, loose);
    if (kept.length > 0 && kept.length < c.split('-').length) out.push(kept.join('-'));
  }
  return [...new Set(out)];
}
