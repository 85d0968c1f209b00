import { cleanText, stringsOf } from './text.ts';
import { BoundedMemo } from './bounded-memo.ts';

/** One keyword string → its [tag, lower-case key] parts, empty ones dropped (memoised, bounded). */
const PARTS = new BoundedMemo<string, readonly (readonly [string, string])[]>(100_000);

const splitParts = (entry: string): readonly (readonly [string, string])[] =>
  entry.split(/[,，、]/).map((part) => cleanText(part)).filter((tag) => tag !== '').map((tag) => [tag, tag.toLowerCase()] as const);

const partsOf = (entry: string) => PARTS.get(entry, splitParts);

/** Comma-separated keyword strings → distinct trimmed tags as written (first spelling wins). */
export function toTags(keywords: unknown): string[] {
  if (keywords === undefined || keywords === null) return [];
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const entry of stringsOf(keywords)) {
    for (const [tag, key] of partsOf(entry)) {
      if (seen.has(key)) continue;
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags;
}

/** Free-text labels (recipeCategory etc.): split on commas, trimmed, de-duplicated. */
export function toLabels(...values: unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) for (const tag of toTags(value)) if (!out.includes(tag)) out.push(tag);
  return out;
}
