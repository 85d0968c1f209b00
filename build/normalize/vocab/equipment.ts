/**
 * Equipment: names in structured equipment lists and in instruction text → equipment slugs,
 * through dataset/vocab/equipment.json. Rules (README.md § Equipment):
 * - structured lists: parentheses and purpose clauses ('for …', 'to …') are cut, then the known
 *   phrases are found anywhere in the name, so sizes, counts, adjectives and brands around them
 *   are ignored ('1 9-inch springform pan' → springform-pan); 'listOnly' generic names count;
 * - instruction text: only 'names' (never 'listOnly'), whole words, in the recipe's language
 *   (English when unknown) plus Chinese/Japanese names (their script cannot be confused).
 */
import equipmentJson from '../../../dataset/vocab/equipment.json' with { type: 'json' };
import { normalizeLanguage } from './language.ts';
import { buildPhraseSet, isCjk, scanPhrases, type PhraseSet, type PhraseValue } from './phrase-scanner.ts';
import { stripMarkup } from './text.ts';

type NamesByLanguage = Record<string, string[]>;
interface EquipmentEntry {
  names: NamesByLanguage;
  listOnly?: NamesByLanguage;
}
interface EquipmentData {
  ignore: NamesByLanguage;
  equipment: Record<string, EquipmentEntry>;
}

const DATA = equipmentJson as unknown as EquipmentData;

/** Equipment slugs in file order: the order results are returned in. */
export const EQUIPMENT_SLUGS: readonly string[] = Object.keys(DATA.equipment);
const ORDER = new Map(EQUIPMENT_SLUGS.map((slug, i) => [slug, i] as const));
const LANGUAGES: readonly string[] = [
  ...new Set(Object.values(DATA.equipment).flatMap((e) => [...Object.keys(e.names), ...Object.keys(e.listOnly ?? {})])),
];

for (const slug of EQUIPMENT_SLUGS) {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw new Error(`equipment.json: '${slug}' is not a slug`);
}

/** Phrase set for some languages; `withListOnly` adds the generic names. CJK names are always in. */
function phraseSet(languages: readonly string[], withListOnly: boolean): PhraseSet {
  const wanted = new Set(languages);
  const pairs: [string, PhraseValue][] = [];
  const take = (table: NamesByLanguage | undefined, value: PhraseValue): void => {
    for (const [language, names] of Object.entries(table ?? {})) {
      for (const name of names) if (wanted.has(language) || isCjk(name)) pairs.push([name, value]);
    }
  };
  take(DATA.ignore, null);
  for (const [slug, entry] of Object.entries(DATA.equipment)) take(entry.names, slug);
  if (withListOnly) for (const [slug, entry] of Object.entries(DATA.equipment)) take(entry.listOnly, slug);
  return buildPhraseSet(pairs);
}

const cache = new Map<string, PhraseSet>();
function cachedSet(key: string, languages: readonly string[], withListOnly: boolean): PhraseSet {
  let set = cache.get(key);
  if (set === undefined) {
    set = phraseSet(languages, withListOnly);
    cache.set(key, set);
  }
  return set;
}

function listSet(language: string | undefined): PhraseSet {
  if (language === undefined) return cachedSet('list:*', LANGUAGES, true);
  return cachedSet(`list:${language}`, [language, 'en'], true);
}

function textSet(language: string | undefined): PhraseSet {
  const lang = language ?? 'en';
  return cachedSet(`text:${lang}`, [lang], false);
}

/** Words that start a purpose clause in a structured name ('spatula for scraping the bowl'). */
const PURPOSE_CLAUSE = /\s(?:for|to|if|when|für|zum|zur|pour|para|per|för|till|til|voor|om)\s.*$/iu;

const rank = (slug: string): number => ORDER.get(slug) ?? 0;

/** Distinct slugs (first occurrence kept) in file order: a stable sort by rank, as [...new Set(slugs)].sort() by rank is. */
function sorted(slugs: string[]): string[] {
  if (slugs.length === 1) return [slugs[0]!];
  if (slugs.length > 16) return [...new Set(slugs)].sort((a, b) => rank(a) - rank(b));
  // Few slugs (the usual case): dedupe and insertion-sort in place of a Set and a sort with a comparator.
  const out: string[] = [];
  const ranks: number[] = [];
  for (const slug of slugs) {
    if (out.includes(slug)) continue;
    const r = rank(slug);
    let i = out.length;
    while (i > 0 && ranks[i - 1]! > r) i--;
    out.splice(i, 0, slug);
    ranks.splice(i, 0, r);
  }
  return out;
}

/** Equipment slugs from a structured equipment list. */
export function mapEquipment(names: string[], language?: string): string[] {
  const set = listSet(normalizeLanguage(language));
  const found: string[] = [];
  for (const name of names) {
    const cleaned = stripMarkup(name)
      .replace(/\([^()]*\)|\[[^\]]*\]/g, ' ')
      .replace(/\([^()]*\)/g, ' ')
      .replace(PURPOSE_CLAUSE, '');
    found.push(...scanPhrases(cleaned, set));
  }
  return sorted(found);
}

/**
 * Instruction steps repeat across recipes (templates, "Preheat the oven to 180 °C."): the phrases
 * found in a step are memoised per phrase set. Bounded: dropped when it reaches this many steps.
 */
const STEP_MEMO_LIMIT = 200_000;
const stepMemo = new Map<PhraseSet, Map<string, readonly string[]>>();
let stepMemoSize = 0;

function stepPhrases(step: string, set: PhraseSet): readonly string[] {
  let memo = stepMemo.get(set);
  if (memo === undefined) stepMemo.set(set, (memo = new Map()));
  let found = memo.get(step);
  if (found === undefined) {
    if (stepMemoSize >= STEP_MEMO_LIMIT) {
      stepMemo.clear();
      stepMemoSize = 0;
      stepMemo.set(set, (memo = new Map()));
    }
    found = scanPhrases(step, set);
    memo.set(step, found);
    stepMemoSize++;
  }
  return found;
}

/** Where the phrases found in a step may be remembered with it (StepText, instructions.ts): those of `phraseSet`. */
export interface StepPhrasesSlot {
  phraseSet: unknown;
  phrases: readonly string[] | undefined;
}

/**
 * Equipment slugs recognised in instruction texts; [] when none recognised. `slots[i]`, when
 * there is one, is step i's own (its text is steps[i]): the phrases found are kept there.
 */
export function equipmentFromInstructions(steps: string[], language?: string, slots?: readonly (StepPhrasesSlot | undefined)[]): string[] {
  const set = textSet(normalizeLanguage(language));
  const found: string[] = [];
  for (let i = 0; i < steps.length; i++) {
    const slot = slots?.[i];
    let phrases: readonly string[];
    if (slot !== undefined && slot.phraseSet === set) phrases = slot.phrases!;
    else {
      phrases = stepPhrases(steps[i]!, set);
      if (slot !== undefined) {
        slot.phraseSet = set;
        slot.phrases = phrases;
      }
    }
    for (const slug of phrases) found.push(slug);
  }
  return found.length === 0 ? [] : sorted(found);
}
