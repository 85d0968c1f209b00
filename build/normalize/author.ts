import type { SchemaRecipe, SchemaThing } from '../sources/types.ts';
import { cleanText, originOf, toArray, toHttpUrl } from './text.ts';

/**
 * schema.org `author` (text, Person/Organization, or a list) → {name, url}, only when a name is
 * known. Several authors are joined with ", ". `url` is the first author's published http(s)
 * address; when none is published it is the origin of the recipe's own address (the site that
 * credits the author), because the API contract requires a URL whenever an author is present.
 */
export function toAuthor(raw: SchemaRecipe['author'], recipeUrl: string): { name: string; url: string } | undefined {
  const names: string[] = [];
  let url: string | undefined;
  for (const item of toArray(raw as unknown)) {
    const thing = typeof item === 'string' ? { name: item } : (item as SchemaThing | null);
    if (!thing || typeof thing !== 'object') continue;
    const name = typeof thing.name === 'string' ? cleanText(thing.name) : '';
    if (!name || names.includes(name)) continue;
    names.push(name);
    const own = typeof thing.url === 'string' ? thing.url.trim() : undefined;
    if (url === undefined) url = toHttpUrl(own);
  }
  if (names.length === 0) return undefined;
  return { name: names.join(', '), url: url ?? originOf(recipeUrl) };
}
