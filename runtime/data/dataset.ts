/** What the query core reads of an opened dataset (runtime/data/open.ts opens one). Types only. */
import type { BitmapFamily, NumericField } from '../format/constants.ts';
import type { Manifest } from '../format/manifest.ts';
import type { BitmapIndexReader } from '../format/bitmap-index.ts';
import type { NumericIndexReader } from '../format/numeric-index.ts';
import type { IdTableReader } from '../format/id-table.ts';
import type { ByteSource, ShardReader } from '../format/shard.ts';
import type { CatalogReader } from '../format/catalog-file.ts';

/**
 * One opened dataset. `families`, `numeric`, `ids`, `popular` and `catalog` are read from disk on
 * first access (then kept; the catalog's blocks each on its first use); `shard(n)` reads and
 * checks shard n's head on its first call (its offset table by blocks, as records are read). Any of
 * them throws a DatasetError (or a reader's FormatError) if what it reads is malformed.
 */
export interface Dataset {
  dir: string;
  manifest: Manifest;
  recipeCount: number;
  families: Record<BitmapFamily, BitmapIndexReader>;
  numeric: Record<NumericField, NumericIndexReader>;
  ids: IdTableReader;
  popular: Uint32Array;
  catalog: CatalogReader;
  shard(n: number): ShardReader;
  /**
   * Raw bytes of any manifest-listed file, for parts added by other modules. Files other than
   * record shards and the search index are read whole on the first call and kept (the bytes that
   * are served and hashed); on-disk files are read whole on each call.
   */
  file(p: string): Uint8Array;
  /** Positional reads of any manifest-listed file (on disk: one descriptor per file, opened on first use and kept open). */
  source(p: string): ByteSource;
  /** `decode(file(p))`, a failure becoming a DatasetError that names the file: for readers of parts added by other modules. */
  decodeFile<T>(p: string, decode: (bytes: Uint8Array) => T): T;
  /** True when every file's SHA-256 was checked at open (verify 'full'). */
  hashed: boolean;
  /** True when reads fetch ranges over a network (the offline client's lazy mode): readers read only what a query needs. */
  byRange?: boolean;
}
