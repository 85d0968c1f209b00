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
import { CLAUSE_WORDS, CONJUNCTIONS, COUNT_WORDS, DISH_HEADS, descriptorSet, leadingSet, looseSet, PREFIXES, TAIL_WORDS, trailingSet, wordsFor } from './descriptors.ts';
import { normalizeName } from './normalize-name.ts';

const MAX_PHRASE = 3;
const NUMBER_TOKEN = /^(?:\d+(?:[.,/]\d+)*|[½¼¾⅓⅔⅛⅜⅝⅞]|\d+[½¼¾⅓⅔⅛])(?:%|x)?$/u;
const LABEL = /^\s*\p{L}[\p{L} ]{0,24}:\s*(?=\S)/u;
/** Words that join alternatives, per language ('of' only in Dutch: English "of" is no alternative). */
const ALTERNATIVE: Record<string, readonly string[]> = {
  en: ['or', 'and/or'], de: ['oder', 'bzw'], sv: ['eller'], nb: ['eller'], no: ['eller'], da: ['eller', 'el'], nl: ['of'],
  fr: ['ou'], es: ['o', 'u'], it: ['o', 'oppure'], pt: ['ou'], pl: ['lub', 'albo'], cs: ['nebo'], hu: ['vagy'], zh: ['或', '或者'],
};

function core(name: string): string {
  return name.replace(/\([^)]*\)?|\[[^\]]*\]?|（[^）]*）?/gu, ' ').split(/[,;，；]/u)[0]?.replace(LABEL, '') ?? '';
}

/** Languages that elide an article or preposition before a vowel ("d'olives", "l'huile", "dell'olio"). */
const ELIDING = new Set(['fr', 'it', 'ca']);
const ELISION = /(?<!\p{L})(\p{L}{1,4})['’](?=\p{L})/gu;

function tokensOf(text: string, lang = ''): string[] {
  let t = text.replace(/[®™©]/gu, ' ');
  // "d'olives" → "d olives": the elided word is a word of its own (the normaliser would glue "dolives").
  if (ELIDING.has(lang)) t = t.replace(ELISION, '$1 ');
  // "剑骨鱼或鲤鱼": Chinese writes 'or' without spaces.
  if (lang === 'zh') t = t.replace(/或者?/gu, ' 或 ');
  // "tsp." and "unid." as words: an abbreviation's dot is no part of the word.
  return normalizeName(t).split('-').map((t) => t.replace(/(?<=\p{L})\.+$/u, '')).filter((t) => t !== '');
}

/** Cuts a purpose or addition tail ("for dredging", "plus more"); keeps the name when nothing would be left. */
function dropTail(tokens: string[], language: string): string[] {
  const tail = TAIL_WORDS[language] ?? [];
  const at = tokens.findIndex((t, i) => i > 0 && tail.includes(t));
  return at > 0 ? tokens.slice(0, at) : tokens;
}

/**
 * Drops measure words and brand names from the front ("a pound of", "tea spoonful of", "Inspired Organics"), also
 * behind descriptive words ("Plm. 750 gram spitskool", "dünne Stangen Spargel"); and brand names from the end
 * (descriptors.ts `TRAILING`: "soľ Kania"). Never the last word.
 */
function dropLeading(tokens: string[], language: string): string[] {
  const words = leadingSet(language);
  const descriptive = descriptorSet(language);
  let i = 0;
  let leadingAt = 0;
  for (;;) {
    let skip = 0;
    let isLeading = false;
    for (let n = Math.min(MAX_PHRASE, tokens.length - i - 1); n >= 1 && skip === 0; n--) {
      const phrase = tokens.slice(i, i + n).join('-');
      if (words.has(phrase)) (skip = n), (isLeading = true);
      else if (descriptive.has(phrase)) skip = n;
    }
    if (skip === 0) break;
    i += skip;
    if (isLeading) leadingAt = i;
  }
  // Descriptive words before the first kept word stay for dropDescriptors (which drops them anyway); only the
  // leading words, and whatever precedes them, go here.
  let kept = tokens.slice(leadingAt);
  const trailing = trailingSet(language);
  while (kept.length > 1 && trailing.has(kept[kept.length - 1] ?? '')) kept = kept.slice(0, -1);
  return kept;
}

/** A token of digits and marks, without a letter ("1:1*", "18%", '3/4"'): a count or ratio, never a word of the name. */
const LETTERLESS = /^[^\p{L}\d]*\d[^\p{L}]*$/u;

function dropCounts(tokens: string[], language: string): string[] {
  const own = wordsFor(COUNT_WORDS, language.slice(0, 2));
  const counts = own.length > 0 ? own : COUNT_WORDS.en ?? [];
  return tokens.filter((t) => !NUMBER_TOKEN.test(t) && !LETTERLESS.test(t) && !counts.includes(t));
}

function dropDescriptors(tokens: string[], language: string, words = descriptorSet(language)): string[] {
  const kept: string[] = [];
  const prefixes = PREFIXES[language] ?? [];
  for (let i = 0; i < tokens.length; ) {
    let skip = 0;
    for (let n = Math.min(MAX_PHRASE, tokens.length - i); n >= 1 && skip === 0; n--) {
      if (words.has(tokens.slice(i, i + n).join('-'))) skip = n;
    }
    if (skip > 0) i += skip;
    else kept.push(unprefixed(tokens[i++] ?? '', prefixes));
  }
  return kept;
}

/** "冷冻花卷" → "花卷": a descriptor glued to the front of a word (languages without spaces), never the whole word. */
function unprefixed(token: string, prefixes: readonly string[]): string {
  const p = prefixes.find((x) => token.startsWith(x) && token.length > x.length);
  return p ? token.slice(p.length) : token;
}

/** The name with asides, counts and descriptive words dropped (rules 1–3). */
export function canonicalName(name: string, language = 'en'): string {
  const lang = language.toLowerCase().slice(0, 2);
  return dropDescriptors(dropLeading(dropCounts(dropTail(tokensOf(core(name), lang), lang), lang), lang), lang).join('-');
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
  const tokens = tokensOf(core(name), lang);
  const out = [tokens.join('-'), dropCounts(tokens, lang).join('-'), canonicalName(name, lang)];
  for (const alt of slashAlternatives(dropTail(tokens, lang))) out.push(alt.join('-'), canonicalName(alt.join(' '), lang));
  const joiners = new Set([...(ALTERNATIVE[lang] ?? []), ...(lang === 'en' ? [] : ALTERNATIVE.en ?? []), '/']);
  const parts = splitAt(tokens, joiners);
  if (parts) {
    // "pheasant or chicken stock", "lemon or lime juice": a one-word first alternative before a longer last one
    // shares the last one's head, so the last is tried first (a bare "pheasant" is the wrong ingredient).
    for (const part of sharesHead(parts, lang) ? [parts[1], parts[0]] : parts) out.push(...reducedPart(part, lang));
  }
  return [...new Set(out)].filter((c) => c !== '');
}

/**
 * The alternatives a name offers, as names of their own: "agave nectar or honey" → ["agave nectar",
 * "honey"]; "chicken or vegetable stock" → ["chicken stock", "vegetable stock"] (a one-word first
 * alternative shares the last one's head, as in candidateNames); [] when it offers none. Only the
 * first and the last alternative (as splitAt finds them).
 */
export function alternativesOf(name: string, language = 'en'): string[] {
  const lang = language.toLowerCase().slice(0, 2);
  const tokens = tokensOf(core(name), lang);
  const joiners = new Set([...(ALTERNATIVE[lang] ?? []), ...(lang === 'en' ? [] : ALTERNATIVE.en ?? []), '/']);
  const parts = splitAt(tokens, joiners);
  if (!parts) return [];
  const [first, last] = parts;
  // "egg or flax egg": the first already is the head.
  const own = sharesHead(parts, lang) && first.at(-1) !== last.at(-1) ? [...first, ...last.slice(1)] : first;
  return [own.join(' '), last.join(' ')];
}

/** Words that open a generic fallback alternative ("or other long pasta"), any language. */
const FALLBACK_WORDS = new Set(['other', 'another', 'any', 'similar', 'some', 'your', 'andere', 'anderes', 'anderer', 'autre', 'autres', 'otro', 'otra', 'altro', 'altra', 'outro', 'outra', 'annan', 'annat', 'anden', 'andet', 'annen', 'annet', 'ander', 'andere']);

/** The tokens before the first joiner and after the last one; undefined when no joiner sits inside. */
function splitAt(tokens: string[], joiners: ReadonlySet<string>): [string[], string[]] | undefined {
  const at = tokens.findIndex((t, i) => i > 0 && joiners.has(t));
  if (at <= 0 || at >= tokens.length - 1) return undefined;
  let end = tokens.length - 1;
  while (!joiners.has(tokens[end] ?? '')) end--;
  return [tokens.slice(0, at), tokens.slice(end + 1)];
}

/** A part of a name with alternatives: counted, then reduced (tail, counts, leading measures, descriptors). */
function reducedPart(part: string[], lang: string): string[] {
  const counted = dropCounts(dropTail(part, lang), lang);
  return [counted.join('-'), dropDescriptors(dropLeading(counted, lang), lang).join('-')];
}

/** True when the first part reduces to one word and the last to more: "red or green bell pepper", "lemon or lime juice". */
function sharesHead([first, last]: [string[], string[]], lang: string): boolean {
  // "linguine or other long pasta", "Maldon or another flaky salt": the last is a fallback, the first the ingredient.
  if (FALLBACK_WORDS.has(last[0] ?? '')) return false;
  const reduced = (part: string[]): string[] => reducedPart(part, lang)[1]?.split('-').filter((t) => t !== '') ?? [];
  const head = reduced(first);
  // "purslane leaves or … romaine lettuce": the first is a whole name when a word follows its one kept word.
  return head.length === 1 && head[0] === dropCounts(first, lang).at(-1) && reduced(last).length > 1;
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
  const strict = candidateNames(name, lang);
  // "cold half-and-half": descriptive words dropped before the first word as written (spaces), the rest kept whole
  // (token-wise, 'half' and 'and' would go too).
  const written = core(name).trim().split(/\s+/u);
  const descriptive = descriptorSet(lang);
  const isDescriptive = (w: string): boolean => descriptive.has(normalizeName(w).replace(/\.+$/u, ''));
  let first = 0;
  while (first < written.length - 1 && isDescriptive(written[first] ?? '')) first++;
  // Tried last, and only when a word that is no descriptor is left ("plus more" names nothing).
  const frontless = first > 0 && !written.slice(first).every(isDescriptive) ? tokensOf(written.slice(first).join(' '), lang).join('-') : '';
  for (const c of strict) {
    const kept = dropDescriptors(c.split('-'), lang, loose);
    if (kept.length > 0 && kept.length < c.split('-').length) out.push(kept.join('-'));
  }
  // Rule 6: a clause after the ingredient cut ("egg yolk beaten with 1 tbsp water", "green olives in brine"),
  // then, for a line naming two ingredients ("basil and cilantro", "cornstarch + 1 tbsp water"), one of them.
  // Both only at spaces of the name as written, so "bone-in", "oil-packed" and "julienne-cut" stay whole.
  const cut = cutClause(core(name), lang);
  const texts = [cut];
  // Each of the cut text and the whole ("Juice and zest from 2 lemons": the cut "Juice and zest" names no one ingredient).
  for (const base of new Set([cut, core(name)])) {
    let parts = splitWords(base, wordsFor(CONJUNCTIONS, lang));
    // "Lemongrass and Cilantro Sauce", "Onion and Garlic Mix": one product named by two ingredients, not two ingredients.
    if (parts && wordsFor(DISH_HEADS, lang).includes(tokensOf(parts[1]).at(-1) ?? '')) parts = undefined;
    // The first ingredient; then the last when the first is one word before a longer last ("red and green bell
    // peppers": a bare "red" names nothing). Never the last otherwise ("mac and cheese" is no cheese).
    if (parts) texts.push(...(sharesHead([tokensOf(parts[0]), tokensOf(parts[1])], lang) ? parts : [parts[0]]));
  }
  for (const text of new Set(texts)) {
    if (text === name) continue;
    for (const c of candidateNames(text, lang)) {
      const reduced = canonicalName(c, lang);
      out.push(c, reduced, dropDescriptors(reduced.split('-'), lang, loose).join('-'));
    }
  }
  if (frontless !== '') out.push(frontless);
  return [...new Set(out)].filter((c) => c !== '' && !strict.includes(c));
}

/** Clause words that need two words before them: "seeds from 1 pomegranate", "zest from 1 orange" name a part of the latter. */
const PART_OF = new Set(['from']);

/** Text before the first clause word that stands between spaces (CLAUSE_WORDS, never the first word). */
function cutClause(text: string, lang: string): string {
  const words = wordsFor(CLAUSE_WORDS, lang);
  const parts = text.trim().split(/\s+/u);
  const at = parts.findIndex((w, i) => i > 0 && words.includes(normalizeName(w)) && (i > 1 || !PART_OF.has(normalizeName(w))));
  return at > 0 ? parts.slice(0, at).join(' ') : text;
}

/** The text before the first and after the last joining word that stands between spaces. */
function splitWords(text: string, joiners: readonly string[]): [string, string] | undefined {
  const parts = text.trim().split(/\s+/u);
  const is = (w: string): boolean => joiners.includes(w === '&' || w === '+' ? w : normalizeName(w));
  const at = parts.findIndex((w, i) => i > 0 && is(w));
  if (at <= 0 || at >= parts.length - 1) return undefined;
  let end = parts.length - 1;
  while (!is(parts[end] ?? '')) end--;
  return [parts.slice(0, at).join(' '), parts.slice(end + 1).join(' ')];
}

