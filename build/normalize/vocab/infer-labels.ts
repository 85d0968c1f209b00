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

function compile(field: FieldRules, vocabulary: readonly string[], file: string): { byLanguage: Map<string, Keyword[]>; exclude: string[] } {
  const byLanguage = new Map<string, Keyword[]>();
  for (const [label, languages] of Object.entries(field.title)) {
    if (!vocabulary.includes(label)) throw new Error(`${file}: unknown label ${label}`);
    for (const [lang, words] of Object.entries(languages)) {
      const list = byLanguage.get(lang) ?? [];
      byLanguage.set(lang, list);
      for (const w of words) {
        const phrase = fold(w);
        list.push({ label, phrase, suffix: RULES.compounding.includes(lang) && !phrase.includes(' ') && phrase.length >= 4, anywhere: NO_SPACES.test(phrase) });
      }
    }
  }
  return { byLanguage, exclude: field.exclude.map(fold) };
}

const FIELDS = {
  courses: { ...compile(RULES.courses, COURSES, 'label-rules.json courses'), vocabulary: COURSES },
  cuisines: { ...compile(RULES.cuisines, CUISINES, 'label-rules.json cuisines'), vocabulary: CUISINES },
};

function matches(k: Keyword, text: string): boolean {
  if (k.anywhere) return text.includes(k.phrase);
  if (text.includes(` ${k.phrase} `)) return true;
  if (!k.suffix) return false;
  const at = text.indexOf(`${k.phrase} `);
  return at > 0 && text[at - 1] !== ' ';
}

/** The labels the keyword rules give one text (padded with spaces, exclusions cut out). */
function fromText(field: keyof typeof FIELDS, raw: string, language: string): Set<string> {
  const f = FIELDS[field];
  let text = ` ${fold(raw)} `;
  for (const x of f.exclude) text = text.split(` ${x} `).join(' | ');
  const out = new Set<string>();
  for (const lang of ['*', language]) for (const k of f.byLanguage.get(lang) ?? []) if (matches(k, text)) out.add(k.label);
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
  const title = keep(fromText(field, e.title, e.language), 'title');
  if (title.length > 0) return { labels: title, origin: 'title' };
  const tagged = new Set<string>();
  for (const t of [...e.tags, ...e.categories.map((c) => c.replace(/-/g, ' '))]) for (const l of fromText(field, t, e.language)) tagged.add(l);
  const tags = keep(tagged, 'tags');
  if (tags.length > 0) return { labels: tags, origin: 'tags' };
  const source = keep(fromSource(field, e), 'source');
  if (source.length > 0) return { labels: source, origin: 'source' };
  return { labels: [] };
}
