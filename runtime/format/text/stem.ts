/**
 * Light stemmers ("Snowball-lite"), one per language, shared by build and runtime. They fold
 * inflection (plural, gender, case endings) that a searcher does not care about and leave
 * derivation alone. Input is normalised (normalize.ts: lower case, accents folded), so rules
 * are written without accents. A stem is never shorter than MIN_STEM letters.
 *
 *   en  plural: -ies/-ie → y (berries, berry → berry; cookies, cookie → cooky); -oes/-ches/-shes/-xes/
 *       -zes/-sses → drop "es" (tomatoes → tomato, peaches → peach); -s → drop unless -ss/-us/-is;
 *       then -ed/-ing → drop, a final -e → drop, and a final double consonant other than l/s/z
 *       → single (bake, baked, baking → bak; cheese → chees; chopped → chop; stuff(ing) → stuf).
 *   de  -s after a valid s-ending (b d f g h k l m n r t) → drop; then -ern/-em/-en/-er/-es → drop,
 *       or -n after l/r → drop (Kartoffeln → kartoffel), or -e → drop (Tomate, Tomaten → tomat).
 *   nl  -'s/-s/-en → drop; a final double consonant → single (kippen → kip); a doubled vowel before a
 *       final consonant → single (tomaat, tomaten → tomat).
 *   sv  the longest of -ornas -arnas -ernas -orna -arna -erna -heten -ande -aste -are -het -ar -er
 *       -or -en -et -na -a -e -s → drop (kycklingar → kyckling, köttbulle(-ar) → kottbull).
 *   fr  -aux → al, -eaux/-eux → eau/eu; -s/-x → drop; then -e → drop (tomates → tomat).
 *   es, pt  -es after a consonant or -s → drop; then one final vowel (a e o) → drop
 *       (limones, limón → limon; cocido, cocida → cocid).
 *   it  one final vowel (a e i o) → drop (pomodori, pomodoro → pomodor).
 *   other languages (zh, ja, ko, ...): identity.
 */

/** Default 3, range 2..4: no rule may leave fewer letters than this. */
export const MIN_STEM = 3;

type Stemmer = (w: string) => string;

const VOWEL = /[aeiouy]/;
const dropEnd = (w: string, n: number) => w.slice(0, w.length - n);
const canDrop = (w: string, suffix: string) => w.endsWith(suffix) && w.length - suffix.length >= MIN_STEM;

function undouble(w: string): string {
  const n = w.length;
  if (n >= 4 && w[n - 1] === w[n - 2] && !VOWEL.test(w[n - 1]!) && !'lsz'.includes(w[n - 1]!)) return w.slice(0, -1);
  return w;
}

const english: Stemmer = (w) => {
  if (w.length <= MIN_STEM) return w;
  if (canDrop(w, 'ies')) w = dropEnd(w, 3) + 'y';
  else if (/(?:oes|ches|shes|xes|zes|sses)$/.test(w) && w.length - 2 >= MIN_STEM) w = dropEnd(w, 2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w) && canDrop(w, 's')) w = dropEnd(w, 1);
  if (canDrop(w, 'ie')) w = dropEnd(w, 2) + 'y';
  if (w.length >= 6 && w.endsWith('ing') && VOWEL.test(dropEnd(w, 3))) w = dropEnd(w, 3);
  else if (w.length >= 5 && w.endsWith('ed') && !w.endsWith('eed') && VOWEL.test(dropEnd(w, 2))) w = dropEnd(w, 2);
  if (canDrop(w, 'e')) w = dropEnd(w, 1);
  return undouble(w);
};

const german: Stemmer = (w) => {
  if (w.length <= MIN_STEM) return w;
  if (w.endsWith('s') && /[bdfghklmnrt]s$/.test(w) && canDrop(w, 's')) w = dropEnd(w, 1);
  for (const s of ['ern', 'em', 'en', 'er', 'es']) if (canDrop(w, s)) return dropEnd(w, s.length);
  if (/[lr]n$/.test(w) && canDrop(w, 'n')) return dropEnd(w, 1);
  if (canDrop(w, 'e')) return dropEnd(w, 1);
  return w;
};

const dutch: Stemmer = (w) => {
  if (w.length <= MIN_STEM) return w;
  if (canDrop(w, 'en')) w = dropEnd(w, 2);
  else if (w.endsWith('s') && !w.endsWith('ss') && canDrop(w, 's')) w = dropEnd(w, 1);
  w = undouble(w);
  const m = /([aeou])\1([^aeiouy])$/.exec(w);
  if (m && w.length - 1 >= MIN_STEM) w = w.slice(0, m.index) + m[1] + m[2];
  return w;
};

const SWEDISH_SUFFIXES = ['ornas', 'arnas', 'ernas', 'orna', 'arna', 'erna', 'heten', 'ande', 'aste', 'are', 'het', 'ar', 'er', 'or', 'en', 'et', 'na', 'a', 'e', 's'];
const swedish: Stemmer = (w) => {
  for (const s of SWEDISH_SUFFIXES) if (canDrop(w, s)) return dropEnd(w, s.length);
  return w;
};

const french: Stemmer = (w) => {
  if (w.length <= MIN_STEM) return w;
  if (w.endsWith('eaux') || w.endsWith('eux')) w = dropEnd(w, 1);
  else if (canDrop(w, 'aux')) w = dropEnd(w, 3) + 'al';
  else if ((w.endsWith('s') || w.endsWith('x')) && !w.endsWith('ss') && canDrop(w, 's')) w = dropEnd(w, 1);
  if (canDrop(w, 'e')) w = dropEnd(w, 1);
  return w;
};

const spanish: Stemmer = (w) => {
  if (w.length <= MIN_STEM) return w;
  if (/[^aeiou]es$/.test(w) && canDrop(w, 'es')) w = dropEnd(w, 2);
  else if (w.endsWith('s') && canDrop(w, 's')) w = dropEnd(w, 1);
  if (/[aeo]$/.test(w) && w.length - 1 >= MIN_STEM) w = dropEnd(w, 1);
  return w;
};

const italian: Stemmer = (w) => (/[aeio]$/.test(w) && w.length - 1 >= MIN_STEM ? dropEnd(w, 1) : w);

const STEMMERS: Record<string, Stemmer> = { en: english, de: german, nl: dutch, sv: swedish, fr: french, es: spanish, pt: spanish, it: italian };

/** Languages with a stemmer; any other language code stems to the word itself. */
export const STEMMED_LANGUAGES = Object.keys(STEMMERS).sort();

/** Stems one normalised word (no spaces) by the rules of `language` (ISO 639-1). Digits-only words are kept. */
export function stem(word: string, language: string): string {
  const f = STEMMERS[language];
  if (!f || /^[0-9]+$/.test(word)) return word;
  return f(word);
}
