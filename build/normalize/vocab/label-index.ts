/**
 * A closed-vocabulary label index (courses, cuisines): curated labels in any language → slugs.
 * Lookup order for one label (README.md § Courses and cuisines):
 *   1. the whole label; 2. each part after splitting on ',', '/', '&', 'and', 'und', ...;
 *   3. a part with the vocabulary's ignore words dropped ('Italienische Küche' → 'italienische');
 *   4. that with one trailing 's' dropped ('Mains' → 'main').
 * A language-specific label ('entrée' in French) wins over the general table for that language.
 */
import { labelKey, splitLabel } from './text.ts';
import { BoundedMemo } from '../bounded-memo.ts';

export interface LabelData {
  ignoreWords: string[];
  labels: Record<string, string[]>;
  byLanguage: Record<string, Record<string, string[]>>;
}

export interface LabelIndex {
  /** Vocabulary order, used to sort results. */
  order: ReadonlyMap<string, number>;
  general: ReadonlyMap<string, readonly string[]>;
  byLanguage: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  ignoreWords: ReadonlySet<string>;
}

function addAll(target: Map<string, string[]>, table: Record<string, string[]>, order: ReadonlyMap<string, number>, file: string): void {
  for (const [slug, labels] of Object.entries(table)) {
    if (!order.has(slug)) throw new Error(`${file}: '${slug}' is not in the vocabulary`);
    for (const label of labels) {
      const key = labelKey(label);
      if (key === '') continue;
      const slugs = target.get(key) ?? [];
      if (!slugs.includes(slug)) slugs.push(slug);
      target.set(key, slugs);
    }
  }
}

/** Build an index; throws when the data names a slug outside `vocabulary` (the lists cannot drift). */
export function buildLabelIndex(data: LabelData, vocabulary: readonly string[], file: string): LabelIndex {
  const order = new Map(vocabulary.map((slug, i) => [slug, i] as const));
  const general = new Map<string, string[]>();
  addAll(general, data.labels, order, file);
  const byLanguage = new Map<string, Map<string, string[]>>();
  for (const [language, table] of Object.entries(data.byLanguage)) {
    const map = new Map<string, string[]>();
    addAll(map, table, order, file);
    byLanguage.set(language, map);
  }
  const ignoreWords = new Set(data.ignoreWords.map(labelKey).filter((w) => w !== ''));
  return { order, general, byLanguage, ignoreWords };
}

function lookupKey(index: LabelIndex, key: string, language: string | undefined): readonly string[] | undefined {
  if (key === '') return undefined;
  const specific = language === undefined ? undefined : index.byLanguage.get(language)?.get(key);
  return specific ?? index.general.get(key);
}

function lookupPart(index: LabelIndex, part: string, language: string | undefined): readonly string[] | undefined {
  const key = labelKey(part);
  const direct = lookupKey(index, key, language);
  if (direct !== undefined) return direct;
  const kept = key.split(' ').filter((w) => !index.ignoreWords.has(w)).join(' ');
  if (kept !== key) {
    const stripped = lookupKey(index, kept, language);
    if (stripped !== undefined) return stripped;
  }
  if (kept.length > 3 && kept.endsWith('s')) return lookupKey(index, kept.slice(0, -1), language);
  return undefined;
}

/** The slugs one label yields (whole label, else its parts), duplicates possible. */
function labelSlugs(index: LabelIndex, label: string, language: string | undefined): string[] {
  const out: string[] = [];
  const whole = lookupPart(index, label, language);
  const hits = whole !== undefined ? [whole] : splitLabel(label).map((p) => lookupPart(index, p, language));
  for (const slugs of hits) for (const slug of slugs ?? []) out.push(slug);
  return out;
}

/** Labels repeat across recipes: labelSlugs memoised per index and language. Bounded. */
const memos = new WeakMap<LabelIndex, BoundedMemo<string, string[]>>();

function labelSlugsMemoised(index: LabelIndex, label: string, language: string | undefined): string[] {
  let memo = memos.get(index);
  if (memo === undefined) memos.set(index, (memo = new BoundedMemo(100_000)));
  return memo.get(`${language ?? ''}\u0000${label}`, () => labelSlugs(index, label, language));
}

/** Slugs for free-text labels, in vocabulary order, without duplicates. */
export function lookupLabels(index: LabelIndex, labels: readonly string[], language: string | undefined): string[] {
  if (labels.length === 0) return [];
  const found = new Set<string>();
  for (const label of labels) for (const slug of labelSlugsMemoised(index, label, language)) found.add(slug);
  if (found.size === 0) return [];
  return [...found].sort((a, b) => (index.order.get(a) ?? 0) - (index.order.get(b) ?? 0));
}
