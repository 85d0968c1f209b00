/**
 * The name part of an ingredient line: the name before the first comma, with the preparations and notes
 * split off it ("1 cup mashed, cooked sweet potato", "Salt and freshly ground black pepper", "Oil for
 * deep frying", "2 tomatoes or 4 plum tomatoes") and the tail after the comma sorted into both.
 */
import { HAS_PREP_RE, INNER_PREP_RE, LEADING_PREP_RE, OPTIONAL_RE, PREP_ADVERBS, PURPOSE_RE, TO_TASTE_RE } from './markers.ts';

/** "of", "de", "d'" between a unit and the name ("cup of flour", "gousse d'ail"). */
export const LINKING_RE = /^(?:(?:of|de|di|del|della|van|von|av)\s+|d['’]\s*)(?=\S)/iu;
const ADVERB_START_RE = new RegExp(`^(?:${PREP_ADVERBS.join('|')})\\s`, 'iu');
const NOTE_START_RE = /^(?:such as|like|e\.g\.|eg|preferably|about|plus|or more|or less|see|zum|z\.\s?b\.|t\.ex\.|gärna|helst)\b/iu;
/** "Oil for deep frying", "Butter for the pan", "Dough for 2 pie crusts": what an ingredient is for, after its name. */
const TRAILING_PURPOSE_RE = /\s+((?:for\s+(?!example\b|instance\b)(?=\S)|to\s+(?:the\s+)?(?:garnish|serve|decorate)\b).*)$/iu;
/** Punctuation and spaces at either end of a part (a trailing dot may end an abbreviation). */
const EDGE_PUNCT_RE = /^[\s,;:.\-–—*•·]+|[\s,;:\-–—*•·]+$/gu;
/** A clause saying how the ingredient is mixed before use ("dissolved in 3 tablespoons water"). */
const CLAUSE_RE = /\s+((?:dissolved|mixed|whisked|blended|beaten|diluted|soaked|stirred)\s+(?:in|with|into)\s.*)$/iu;
/** " or 4 plum tomatoes", " or about 1 cup": an alternative that comes with its own amount. */
const OR_AMOUNT_RE = /\s+or\s+(?:about\s+)?(?=\d)/iu;

/** A spaced dash before a preparation ("1 avocado - peeled, pitted"), as some sites write the comma. */
const DASH_BEFORE_PREP_RE = new RegExp(`\\s+[-–—]\\s+(?=${LEADING_PREP_RE.source.slice(1)})`, 'iu');
/** What a parse collects besides the amount and the name. */
export interface Work {
  optional: boolean;
  notes: string[];
  preparations: string[];
}

/**
 * Words that describe the ingredient named after the comma ("boneless, skinless chicken thighs",
 * "unsalted, softened butter"): a head made only of these joins the next segment.
 */
const LEADING_ADJECTIVES_RE = /^(?:(?:boneless|skinless|skin-on|bone-in|unsalted|salted|large|small|medium|fresh|ripe|firm|peeled|pitted|seedless|organic|cold|warm|soft|softened|hard-boiled|low-sodium|lean|thick|thin|extra-large|whole|sweet|dry|dried|raw|crisp|fine|shelled|blanched|slivered|roasted|dry-roasted|toasted|cooked|boned|seeded|cored|halved|drained|chopped|diced|minced|sliced|grated|shredded|crushed|unsweetened|sweetened|unflavored|unflavoured|unfiltered|unbleached|uncooked|frozen|thawed|canned|plain|natural|washed|rinsed|trimmed|pearled|head-on|shell-on|tail-on|fat-free|non-?fat|low-fat|reduced-fat|full-fat|reduced-sodium|(?:finely|coarsely|roughly|thinly|freshly|lightly)\s+(?:chopped|diced|minced|sliced|grated|shredded|crushed|toasted|roasted))(?:\s+|$))+$/iu;
/** What may follow such a head: a name, not an amount, a note or a purpose ("chopped, for garnish"). */
const JOINABLE_RE = /^\p{L}/u;

/** The name before the first comma; preparations and notes from the rest and from the name's own clauses. */
export function splitName(text: string, work: Work): string {
  // "1 avocado - peeled, pitted": a spaced dash before a preparation ends the name like a comma.
  const parts = text.replace(DASH_BEFORE_PREP_RE, ', ').split(/\s*[,，;；]\s*/u);
  // "boneless, skinless chicken breasts": the adjectives before the comma belong to the name.
  while (parts.length > 1 && LEADING_ADJECTIVES_RE.test(parts[0] ?? '') && joinable(parts[1] ?? '')) parts.splice(0, 2, `${parts[0]} ${parts[1]}`);
  // "mashed, cooked sweet potato": a head that is only a preparation describes the name after the comma.
  while (parts.length > 1 && isPreparationOnly(parts[0] ?? '') && joinable(parts[1] ?? '')) work.preparations.push(tidy(parts.shift() ?? ''));
  const series = seriesLength(parts);
  if (series) parts.splice(0, series, parts.slice(0, series).join(', '));
  const [headRaw = '', ...tail] = parts;
  let head = headRaw;
  // "cornstarch dissolved in 3 tablespoons water": how it is mixed goes to the note.
  const clause = CLAUSE_RE.exec(head);
  if (clause?.[1] && clause.index > 0) {
    work.notes.push(clause[1]);
    head = head.slice(0, clause.index);
  }

  // "2 medium tomatoes or 4 plum tomatoes": an alternative with an amount of its own goes to the note.
  const alternative = OR_AMOUNT_RE.exec(head);
  if (alternative && alternative.index > 0 && namesItself(head.slice(0, alternative.index), head.slice(alternative.index))) {
    work.notes.push(head.slice(alternative.index).trim());
    head = head.slice(0, alternative.index);
  }
  const purpose = TRAILING_PURPOSE_RE.exec(head);
  if (purpose?.[1]) {
    work.notes.push(purpose[1]);
    head = head.slice(0, purpose.index);
  }
  const such = /\s+((?:such as|like|e\.g\.)\s.*)$/iu.exec(head);
  if (such?.[1]) {
    work.notes.push(such[1]);
    head = head.slice(0, such.index);
  }
  const lead = LEADING_PREP_RE.exec(head);
  if (lead && head.length > lead[0].length) {
    work.preparations.push(lead[0].trim());
    head = head.slice(lead[0].length).replace(/^\s*(?:,\s*)?/u, '').replace(LINKING_RE, '');
  }
  const inner = [...head.matchAll(INNER_PREP_RE)].map((m) => m[0].trim());
  if (inner.length && head.replace(INNER_PREP_RE, '').trim()) {
    work.preparations.push(...inner);
    head = head.replace(INNER_PREP_RE, '');
  }
  for (const segment of tail.map(tidy).filter(Boolean)) {
    if (PURPOSE_RE.test(segment) || NOTE_START_RE.test(segment)) work.notes.push(segment);
    else if (HAS_PREP_RE.test(segment) || ADVERB_START_RE.test(segment)) work.preparations.push(segment);
    else work.notes.push(segment);
  }
  return tidy(head);
}
/**
 * Whether the first of two alternatives names a food by itself: three words or more, a plural, or the other's
 * last word ("medium-ripe tomatoes or 4 plum tomatoes", "shallots or 1 small onion"), unlike "Turkish or 1/2
 * California bay leaf", "English hothouse or 2 Persian cucumbers" or "Instant Pot or 4 cups water", which only
 * make sense whole.
 */
function namesItself(first: string, other: string): boolean {
  const stem = (w: string) => w.replace(/(?:es|s)$/u, '');
  const words = first.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const last = other.toLowerCase().match(/\p{L}+/gu)?.pop();
  const head = words[words.length - 1] ?? '';
  return words.length >= 3 || /[^s]s$/u.test(head) || (last !== undefined && words.some((w) => stem(w) === stem(last)));
}

/** An item of a list of foods: a few words, no amount. */
const SERIES_ITEM_RE = /^\p{L}[\p{L}'’&-]*(?:\s+[\p{L}'’&-]+){0,4}$/u;
/** Where the list of alternatives ends ("…, or peach nectar", "…, rosemary or smoked paprika"). */
const SERIES_END_RE = /^(?:or|and)\s|\sor\s/iu;
/** "or both", "or a combination": no food of its own. */
const SERIES_FILLER_RE = /^or\s+(?:both|a\s+(?:combination|mix|mixture)|any|similar|use|as)\b/iu;

/**
 * "apple juice, pear nectar or peach nectar", "orzo, pastina, or other small pasta": a list of foods
 * written with commas and closed by "or" is one name. Returns how many comma parts it spans (0: none).
 */
function seriesLength(parts: string[]): number {
  if (!/^\p{L}[\p{L}'’&-]*$/u.test(parts[0] ?? '')) return 0;
  for (let end = 1; end < parts.length && end <= 4; end++) {
    const item = parts[end] ?? '';
    if (!SERIES_ITEM_RE.test(item) || SERIES_FILLER_RE.test(item) || !joinable(item) || HAS_PREP_RE.test(item) || ADVERB_START_RE.test(item)) return 0;
    if (SERIES_END_RE.test(item)) return end + 1;
  }
  return 0;
}

function isPreparationOnly(text: string): boolean {
  const m = LEADING_PREP_RE.exec(text.trim());
  return m !== null && m[0].trim().length === text.trim().length;
}

function joinable(next: string): boolean {
  return JOINABLE_RE.test(next) && !PURPOSE_RE.test(next) && !NOTE_START_RE.test(next) && !TO_TASTE_RE.test(next) && !OPTIONAL_RE.test(next);
}

export function tidy(text: string): string {
  return text.replace(/\s+/gu, ' ').replace(EDGE_PUNCT_RE, '').trim();
}
