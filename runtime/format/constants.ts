/**
 * Format constants shared by the writer (build/) and the reader (runtime/). The normative
 * description is dataset/FORMAT.md; change both together and bump FORMAT_VERSION on any
 * incompatible change.
 */

/** The one integer format version. Readers refuse any other value. */
export const FORMAT_VERSION = 5;

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT_NAME = 'recipe-db';
/** In dist/data/: a text file naming the current dataset directory, replaced atomically. */
export const CURRENT_POINTER_FILE = 'current';

/** 4-byte magics, one per file kind (FORMAT.md § 4 Container). */
export const MAGIC = {
  shard: 'RDBS',
  bitmapIndex: 'RDBX',
  numericIndex: 'RDBN',
  idTable: 'RDBI',
  docList: 'RDBL',
  /** FORMAT.md § 10 Catalog. */
  catalog: 'RDBC',
  /** FORMAT.md § 15 Search index. */
  searchIndex: 'RDBT',
} as const;
export type FileKind = keyof typeof MAGIC;

/**
 * Records per shard. Default 4096 (doc n lives in shard n >>> 12). Range 256..65536; a smaller
 * value means more files and less read per cold page.
 */
export const SHARD_BITS = 12;
export const RECORDS_PER_SHARD = 1 << SHARD_BITS;

/** Payloads start at a multiple of this (bitmap frozen views want 32-byte alignment). */
export const PAYLOAD_ALIGNMENT = 32;

/** Width of the fixed id field in ids.bin (recipe ids are 13 ASCII chars; zero-padded). */
export const ID_WIDTH = 16;

/**
 * Numeric indexes keep a cumulative "key <= k" bitmap at breakpoints at least this fraction of
 * the known values apart (default 1/128; range 1/16..1/1024: smaller = a smaller slice to OR per
 * range query, more bitmaps on disk and in memory).
 */
export const NUMERIC_BREAKPOINT_FRACTION = 1 / 128;
/** ... and at least this many values apart (avoids one bitmap per key on small data). */
export const NUMERIC_BREAKPOINT_MIN_GAP = 128;

/** Bitmap index families: one file each under index/, one bitmap per value. */
export const BITMAP_FAMILIES = [
  'category',
  'course',
  'cuisine',
  'diet',
  'equipment',
  /** Canonical ingredient ids used by a non-optional line ("required use"). */
  'ingredient',
  /** Canonical ingredient ids used by any line, optional included (for exclusion). */
  'ingredient-any',
  'language',
] as const;
export type BitmapFamily = (typeof BITMAP_FAMILIES)[number];

/** Numeric fields with one index each (FORMAT.md § 7.1 Numeric keys); keys are integers in each field's unit. */
export const NUMERIC_FIELDS = ['totalTime', 'cookTime', 'calories', 'protein', 'sodium', 'fiber'] as const;
export type NumericField = (typeof NUMERIC_FIELDS)[number];

export const PATHS = {
  shard: (n: number) => `records/${String(n).padStart(5, '0')}.bin`,
  bitmapIndex: (family: string) => `index/${family}.bin`,
  numericIndex: (field: string) => `numeric/${field}.bin`,
  ids: 'ids.bin',
  popular: 'popular.bin',
  catalog: 'catalog.bin',
  /** FORMAT.md § 14 Pantry: one bitmap per counted-ingredient total T. */
  pantryByTotal: 'pantry/by-total.bin',
  /** FORMAT.md § 15 Search index: term dictionary, postings with per-field tf, field lengths. */
  searchIndex: 'search/index.bin',
} as const;

/**
 * Keys of pantry/by-total.bin: the counted-ingredient total T in decimal, zero-padded to this
 * width so that code-unit key order is numeric order (FORMAT.md § 14). T above 9999 is refused.
 */
export const PANTRY_TOTAL_KEY_WIDTH = 4;

/** A record in a shard: a positional tuple (FORMAT.md § 5 Record shards). */
export type RecordTuple = [id: string, json: Uint8Array];
