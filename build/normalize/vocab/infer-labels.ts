/**
 * The keyword and source rules of courses and cuisines (issue 21 item 3), from the curated
 * dataset/vocab/label-rules.json: keywords of the title, of the tags and categories, and the
 * source's own group. Each rule is a feature of the label model (label-model/features.ts: `r:`),
 * which weighs it against the rest of the record and is measured held out; only the rules the
 * file's "ship" lists label a recipe by themselves (HowToCook's Chinese dishes, checked by hand),
 * and only when the model infers nothing. dataset/vocab/README.md states the rules.
 */
import rulesJson from '../../../dataset/vocab/label-rules.json' with { type: 'json' };
import { normalizeText } from '../../../runtime/format/text/normalize.ts';
import { COURSES, CUISINES } from '../../../runtime/format/vocabulary.ts';

/** Where an inferred label came from (the build report counts them per label and origin). */
export type LabelOrigin = 'title' | 'tags' | 'source';

export interface LabelEvidence {
  title: string;
  language: string;
  /** Category slugs and tags as the recipe carries them. */
  tags: readonly string[];
  /** The source's name (SourceRecord.source) and category slugs, for source rules. */
  source: string;
  categories: readonly string[];
}

export interface Inferred {
  labels: string[];
  origin?: LabelOrigin;
}

interface RuleFile {
  compounding: string[];
  /** Per field: the label (origin) pairs that label a recipe by themselves ('chinese (source)'). */
  ship: { courses: string[]; cuisines: string[] };
  courses: FieldRules;
  cuisines: FieldRules;
  sources: Record<string, { cuisines?: string[]; courses?: string[]; unlessTitle?: string[]; onlyCategories?: string[] }>;
}
interface FieldRules {
  title: Record<string, Record<string, string[]>>;
  exclude: string[];
}

interface Keyword {
  label: string;
  /** Folded, words joined by single spaces. */
  phrase: string;
  /** Also the end of a longer word (compounding languages, one-word keywords). */
  suffix: boolean;
  /** Matched anywhere in the folded text (scripts written without spaces). */
  anywhere: boolean;
}

const RULES = rulesJson as unknown as RuleFile;
const NO_SPACES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

const fold = (s: string): string => normalizeText(s).split(/[^\p{L}\p{M}\p{N}]+/u).filter((w) => w !== '').join(' ');

/**
 * One language's keywords, indexed: whole-word phrases by their text (a text's word runs are
 * looked up, not every keyword searched for), then the few that need a scan: keywords of scripts
 * without spaces (anywhere in the text) and suffixes of compounding languages.
 */
interface LanguageRules {
  words: Map<string, string[]>;
  /** Words in the longest whole-word phrase. */
  maxWords: number;
  anywhere: Keyword[];
  suffix: Keyword[];
}

function compile(field: FieldRules, vocabulary: readonly string[], file: string): { byLanguage: Map<string, LanguageRules>; exclude: string[] } {
  const byLanguage = new Map<string, LanguageRules>();
  for (const [label, languages] of Object.entries(field.title)) {
    if (!vocabulary.includes(label)) throw new Error(`${file}: unknown label ${label}`);
    for (const [lang, words] of Object.entries(languages)) {
      const rules = byLanguage.get(lang) ?? { words: new Map<string, string[]>(), maxWords: 0, anywhere: [], suffix: [] };
      byLanguage.set(lang, rules);
      for (const w of words) {
        const phrase = fold(w);
        if (phrase === '') throw new Error(`${file}: keyword ${JSON.stringify(w)} of ${label} has no letters`);
        const k: Keyword = { label, phrase, suffix: RULES.compounding.includes(lang) && !phrase.includes(' ') && phrase.length >= 4, anywhere: NO_SPACES.test(phrase) };
        if (k.anywhere) {
          rules.anywhere.push(k);
          continue;
        }
        rules.words.set(phrase, [...(rules.words.get(phrase) ?? []), label]);
        rules.maxWords = Math.max(rules.maxWords, phrase.split(' ').length);
        if (k.suffix) rules.suffix.push(k);
      }
    }
  }
  return { byLanguage, exclude: field.exclude.map(fold) };
}

const FIELDS = {
  courses: { ...compile(RULES.courses, COURSES, 'label-rules.json courses'), vocabulary: COURSES },
  cuisines: { ...compile(RULES.cuisines, CUISINES, 'label-rules.json cuisines'), vocabulary: CUISINES },
};

/**
 * The labels the keyword rules give one text. The text is folded and padded with spaces, and each
 * exclusion is cut out (replaced by ' | '). A keyword matches as whole words; one of a script
 * without spaces, anywhere; a suffix keyword also where its first occurrence followed by a space
 * ends a longer word ('schokoladenkuchen ' for 'kuchen').
 */
export function keywordLabels(field: keyof typeof FIELDS, raw: string, language: string): Set<string> {
  const f = FIELDS[field];
  let text = ` ${fold(raw)} `;
  for (const x of f.exclude) if (text.includes(` ${x} `)) text = text.split(` ${x} `).join(' | ');
  // The padded text split at spaces: '' first and last, so a run of tokens 1..n-2 is a run of whole words.
  const tokens = text.split(' ');
  const spaceless = NO_SPACES.test(text);
  const out = new Set<string>();
  for (const lang of ['*', language]) {
    const rules = f.byLanguage.get(lang);
    if (!rules) continue;
    for (let i = 1; i < tokens.length - 1; i++) {
      let key = '';
      for (let n = 0; n < rules.maxWords && i + n < tokens.length - 1; n++) {
        key = n === 0 ? tokens[i]! : `${key} ${tokens[i + n]!}`;
        for (const label of rules.words.get(key) ?? []) out.add(label);
      }
    }
    if (spaceless) for (const k of rules.anywhere) if (text.includes(k.phrase)) out.add(k.label);
    for (const k of rules.suffix) {
      const at = text.indexOf(`${k.phrase} `);
      if (at > 0 && text[at - 1] !== ' ') out.add(k.label);
    }
  }
  return out;
}

function fromSource(field: keyof typeof FIELDS, e: LabelEvidence): string[] {
  const rule = RULES.sources[e.source];
  const labels = rule?.[field];
  if (!rule || !labels) return [];
  if (rule.onlyCategories && !e.categories.some((c) => rule.onlyCategories!.includes(c))) return [];
  const title = normalizeText(e.title);
  if (rule.unlessTitle?.some((w) => title.includes(normalizeText(w)))) return [];
  return labels;
}

/**
 * What the rules give: the title's keywords, else the tags' and categories', else the source's
 * group; only labels shipped for that origin are kept (`all`: every label, as the model's features).
 */
export function inferLabels(field: 'courses' | 'cuisines', e: LabelEvidence, all = false): Inferred {
  const ship = new Set(RULES.ship[field]);
  const keep = (set: Iterable<string>, origin: LabelOrigin) => FIELDS[field].vocabulary.filter((l) => new Set(set).has(l) && (all || ship.has(`${l} (${origin})`)));
  const title = keep(keywordLabels(field, e.title, e.language), 'title');
  if (title.length > 0) return { labels: title, origin: 'title' };
  const tagged = new Set<string>();
  for (const t of [...e.tags, ...e.categories.map((c) => c.replace(/-/g, ' '))]) for (const l of keywordLabels(field, t, e.language)) tagged.add(l);
  const tags = keep(tagged, 'tags');
  if (tags.length > 0) return { labels: tags, origin: 'tags' };
  const source = keep(fromSource(field, e), 'source');
  if (source.length > 0) return { labels: source, origin: 'source' };
  return { labels: [] };
}
