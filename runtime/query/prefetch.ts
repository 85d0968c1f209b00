/**
 * Reads the bitmaps a query will use, of several index files, together before the query asks for
 * them one by one. Over a lazy source (the offline client reading ranges, Dataset.byRange) every
 * read that misses is noted before the first miss is thrown, so one round fetches the heads of
 * all the files and the next all their bitmaps, instead of a round per file and per bitmap. On
 * the server (bytes in memory) it does nothing: the readers keep what they checked either way.
 */
import { readAll } from '../format/bitmap-index.ts';
import type { BitmapFamily } from '../format/constants.ts';
import type { Dataset } from '../data/dataset.ts';

export type BitmapWants = readonly (readonly [BitmapFamily, readonly (string | undefined)[]])[];

export function prefetchBitmaps(ds: Pick<Dataset, 'families' | 'byRange'>, wants: BitmapWants, more: readonly (() => unknown)[] = []): void {
  if (!ds.byRange) return;
  const reads = wants
    .map(([family, keys]) => [family, keys.filter((k): k is string => k !== undefined)] as const)
    .filter(([, keys]) => keys.length > 0)
    .map(([family, keys]) => () => ds.families[family].getMany(keys));
  readAll([...reads, ...more]);
}
