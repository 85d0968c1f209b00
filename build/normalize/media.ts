import type { Media } from '../../runtime/format/recipe.ts';
import type { SchemaImage } from '../sources/types.ts';
import { hashId } from './id.ts';
import { toArray, toHttpUrl } from './text.ts';

/**
 * schema.org `image` (URL, ImageObject, or an array of either) → Media. Only absolute http(s)
 * URLs are kept (relative paths cannot be served); duplicates are dropped; the first image is
 * `primary`, the rest `gallery`. The id hashes the URL so it is stable across builds.
 */
export function toMedia(raw: unknown): Media[] {
  const urls: string[] = [];
  for (const item of toArray(raw as unknown)) {
    const url = typeof item === 'string' ? item : urlOf(item as SchemaImage);
    const trimmed = url?.trim();
    const href = toHttpUrl(trimmed);
    if (href && !urls.includes(href)) urls.push(href);
  }
  return urls.map((url, i) => ({ id: hashId(`image:${url}`), role: i === 0 ? 'primary' : 'gallery', type: 'image', url, variants: [] }));
}

function urlOf(image: SchemaImage | null | undefined): string | undefined {
  if (!image || typeof image !== 'object') return undefined;
  if (typeof image.url === 'string') return image.url;
  if (typeof image.contentUrl === 'string') return image.contentUrl;
  return undefined;
}
