/**
 * The build's view of the one name normaliser (runtime/format/normalize-name.ts), memoised:
 * loading the catalog normalises the same ~100k names several times (merge, dedup, index).
 * Build-only process, so a bounded module cache is safe; cleared at the cap.
 */
import { normalizeName as normalizeUncached } from '../../runtime/format/normalize-name.ts';
import { BoundedMemo } from '../normalize/bounded-memo.ts';

const MEMO = new BoundedMemo<string, string>(1 << 20);

export const normalizeName = (s: string): string => MEMO.get(s, normalizeUncached);

/** A catalog id slug: the normalised name restricted to [a-z0-9-]; '' when nothing Latin is left. */
export function slugify(s: string): string {
  return normalizeName(s)
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
