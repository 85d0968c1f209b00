/**
 * Categories are an open set: the slugs of the source's own category labels as written, not
 * translated or merged ('Hauptgericht' stays 'hauptgericht'; 'Main Course' is 'main-course').
 */
import { slugify, stripMarkup } from './text.ts';

/** Labels longer than this (characters, after trimming) are sentences or titles, not categories. */
export const MAX_CATEGORY_LABEL_LENGTH = 40;

/** Category slugs (open set) from free-text category labels, first occurrence order, no duplicates. */
export function categorySlugs(labels: string[], _language?: string): string[] {
  const slugs = new Set<string>();
  for (const label of labels) {
    for (const part of stripMarkup(label).split(/[,;|]/)) {
      const trimmed = part.trim();
      if (trimmed === '' || [...trimmed].length > MAX_CATEGORY_LABEL_LENGTH) continue;
      const slug = slugify(trimmed);
      if (slug !== '') slugs.add(slug);
    }
  }
  return [...slugs];
}
