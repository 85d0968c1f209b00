/**
 * Bitmap index files, one per filter family (FORMAT.md § 6 Bitmap indexes):
 *
 *   index   --> Container(magic RDBX, header {family, entries}), Payload
 *   entries --> [key: str, offset: u32, length: u32, cardinality: u32] ^ n, sorted by key
 *   Payload --> (Bitmap, Padding) ^ n; Bitmap = portable RoaringFormatSpec bytes at a 32-byte aligned offset
 */
import { decodeContainer, encodeContainer, alignUp } from './container.ts';
import { BITMAP_ALIGNMENT, cardinality, serializeBitmap, viewBitmap, type Bitmap } from './bitmap.ts';

export type IndexEntry = [key: string, offset: number, length: number, cardinality: number];

export interface BitmapIndexHeader {
  family: string;
  entries: IndexEntry[];
}

/** Keys in code-unit order: the deterministic order of every key list in the format. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Serialises bitmaps into aligned blobs; returns the directory and the payload parts. */
export function layoutBitmaps(items: readonly [string, Bitmap][]): { entries: IndexEntry[]; parts: Uint8Array[] } {
  const entries: IndexEntry[] = [];
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const [key, bitmap] of items) {
    const bytes = serializeBitmap(bitmap);
    entries.push([key, at, bytes.length, cardinality(bitmap)]);
    parts.push(bytes);
    const padded = alignUp(bytes.length, BITMAP_ALIGNMENT);
    if (padded > bytes.length) parts.push(new Uint8Array(padded - bytes.length));
    at += padded;
  }
  return { entries, parts };
}

export function encodeBitmapIndex(family: string, bitmaps: ReadonlyMap<string, Bitmap>): Buffer {
  const items = [...bitmaps].filter(([, b]) => cardinality(b) > 0).sort((a, b) => compareKeys(a[0], b[0]));
  const { entries, parts } = layoutBitmaps(items);
  const header: BitmapIndexHeader = { family, entries };
  return encodeContainer('bitmapIndex', header, parts);
}

export class BitmapIndexReader {
  readonly family: string;
  readonly #payload: Uint8Array;
  readonly #entries = new Map<string, IndexEntry>();
  readonly #views = new Map<string, Bitmap>();

  constructor(file: Uint8Array, name: string) {
    const { header, payload } = decodeContainer<BitmapIndexHeader>('bitmapIndex', file, name);
    this.family = header.family;
    this.#payload = payload;
    for (const e of header.entries) this.#entries.set(e[0], e);
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** The bitmap of docs with this value (a frozen view), or undefined for an unknown value. */
  get(key: string): Bitmap | undefined {
    const cached = this.#views.get(key);
    if (cached) return cached;
    const e = this.#entries.get(key);
    if (!e) return undefined;
    const view = viewBitmap(this.#payload.subarray(e[1], e[1] + e[2]));
    this.#views.set(key, view);
    return view;
  }

  #keys: readonly Readonly<{ key: string; cardinality: number }>[] | undefined;

  /** Every key with its cardinality, in key order (one list, made on first use: facet counts walk it per query). */
  keys(): readonly Readonly<{ key: string; cardinality: number }>[] {
    return (this.#keys ??= [...this.#entries.values()].map((e) => ({ key: e[0], cardinality: e[3] })));
  }
}
