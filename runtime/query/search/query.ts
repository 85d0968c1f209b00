/**
 * GET /search as the engine sees it: a validated query, optional filters shared with /recipes,
 * and the scored hits. The filters are ANDed as bitmaps into an allowed-doc mask before
 * scoring, so `limit` always counts matching recipes.
 */
import { and, toUint32Array, type Bitmap } from '../../format/bitmap.ts';
import type { Dataset } from '../../data/dataset.ts';
import { FifoCache } from '../fifo-cache.ts';
import { prefetchBitmaps } from '../prefetch.ts';
import type { SearchHit } from './top-k.ts';

export interface SearchFilter {
  language?: string;
  cuisine?: string;
  course?: string;
  diet?: string;
}

export interface SearchQuery {
  query: string;
  /** 1..50. */
  limit: number;
  filter?: SearchFilter;
}

export interface SearchResult {
  /** Best first: score descending, then doc ascending. */
  hits: SearchHit[];
}

/** The filter families, in the order of SearchFilter. */
const FAMILIES = ['language', 'cuisine', 'course', 'diet'] as const;

/** Masks kept per dataset (N bytes each: 1 MB at 1M docs), the oldest forgotten first. */
const MASK_CACHE_ENTRIES = 4;
const masks = new WeakMap<object, FifoCache<string, Uint8Array>>();

/**
 * 1 for each doc every given filter allows; undefined when there is no filter; null when a
 * filter value has no docs (nothing can match). The mask is shared by the calls with the same
 * filter (a few are kept per dataset): callers must not change it.
 */
export function allowedDocs(ds: Pick<Dataset, 'families' | 'recipeCount' | 'byRange'>, filter: SearchFilter = {}): Uint8Array | undefined | null {
  prefetchBitmaps(ds, FAMILIES.map((family) => [family, [filter[family]]] as const));
  const bitmaps: Bitmap[] = [];
  const key: [string, string][] = [];
  for (const family of FAMILIES) {
    const value = filter[family];
    if (value === undefined) continue;
    const b = ds.families[family].get(value);
    if (!b) return null;
    bitmaps.push(b);
    key.push([family, value]);
  }
  if (bitmaps.length === 0) return undefined;
  let cache = masks.get(ds);
  if (!cache) masks.set(ds, (cache = new FifoCache(MASK_CACHE_ENTRIES)));
  const k = JSON.stringify(key);
  const hit = cache.get(k);
  if (hit) return hit;
  const mask = new Uint8Array(ds.recipeCount);
  for (const d of toUint32Array(and(bitmaps))) mask[d] = 1;
  cache.add(k, mask);
  return mask;
}
