import { cleanText, stringsOf } from './text.ts';

/** Comma-separated keyword strings → distinct trimmed tags as written (first spelling wins). */
export function toTags(keywords: unknown): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const entry of stringsOf(keywords)) {
    for (const part of entry.split(/[,，、]/)) {
      const tag = cleanText(part);
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) continue;
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
