/**
 * Opens a compiled dataset directory through its manifest (wiring only: manifest.ts reads and
 * checks the manifest, files.ts holds the open files, verify.ts hashes and checks headers). Refuses (throws DatasetError with a
 * message that says what to run) on a missing manifest, an unknown format version, a missing
 * file, a size or checksum mismatch, or a malformed file: never serves a file it found wrong.
 *
 * Verification (FORMAT.md § 11):
 * - always, at open (milliseconds at any size): the manifest; every listed file exists with the
 *   manifest's size; the shard count agrees with the recipe count; every container other than
 *   the record shards has the right magic and version (its first 12 bytes; the search index: its
 *   whole header);
 * - on first use: each in-memory file is read whole when first needed and its reader checks its
 *   header (id table and popularity list: also their counts); each record shard's header and
 *   offset table are read and checked on the first read of that shard. A failure is a
 *   DatasetError at that moment (an HTTP 500, logged), never a crash;
 * - `verify: 'full'` (default here): every file's SHA-256 is checked, and everything above is
 *   loaded and checked, before openDataset returns;
 * - `verify: 'background'`: the SHA-256 check is left to verifyDataset(), which the server runs
 *   right after it starts listening (and stops serving if it fails); it also loads and checks
 *   what was not used yet, so it warms the dataset;
 * - `verify: 'size'`: no SHA-256 check at all (storage trusted by the operator).
 * Record shards and the search index stay on disk and are read by positional reads; every other
 * file is loaded into memory (an aligned buffer) on first use.
 */
import { BITMAP_FAMILIES, NUMERIC_FIELDS, PATHS, RECORDS_PER_SHARD, type BitmapFamily, type NumericField } from '../format/constants.ts';
import { BitmapIndexReader } from '../format/bitmap-index.ts';
import { NumericIndexReader } from '../format/numeric-index.ts';
import { IdTableReader } from '../format/id-table.ts';
import { ShardReader } from '../format/shard.ts';
import { decodeDocList } from '../format/doc-list.ts';
import { decodeBlob } from '../format/blob.ts';
import type { CatalogBlob } from '../format/catalog.ts';
import type { Dataset } from './dataset.ts';
import { checked, DatasetError, REBUILD } from './dataset-error.ts';
import { DatasetFiles } from './files.ts';
import { listedSizes, readManifest } from './manifest.ts';
import { checkHeads, hashAll, hashAllSync, yieldNow, type VerifyProgress } from './verify.ts';

/** See the module comment: 'full' hashes at open, 'background' leaves it to verifyDataset(), 'size' never hashes. */
export type VerifyMode = 'full' | 'background' | 'size';
export const VERIFY_MODES: readonly VerifyMode[] = ['full', 'background', 'size'];

export interface OpenOptions {
  /** Default 'full'. */
  verify?: VerifyMode;
}

/** The files behind each dataset openDataset returned, for verifyDataset's non-blocking loads. */
const filesOf = new WeakMap<Dataset, DatasetFiles>();

/** Defines `obj[key]` as computed by `make` on first access, then kept as a plain value. */
function lazyProperty<T extends object, K extends keyof T>(obj: T, key: K, make: () => T[K]): void {
  Object.defineProperty(obj, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = make();
      Object.defineProperty(obj, key, { value, enumerable: true, writable: false, configurable: false });
      return value;
    },
  });
}

export function openDataset(dir: string, options: OpenOptions = {}): Dataset {
  const manifest = readManifest(dir);
  const verify = options.verify ?? 'full';
  const files = new DatasetFiles(dir, listedSizes(dir, manifest));
  const recipeCount = manifest.counts.recipes;
  const shardCount = manifest.counts.shards;
  if (verify === 'full') hashAllSync(files, manifest);
  checkHeads(dir, manifest);

  const families = {} as Record<BitmapFamily, BitmapIndexReader>;
  for (const f of BITMAP_FAMILIES) {
    const p = PATHS.bitmapIndex(f);
    lazyProperty(families, f, () => checked(dir, () => new BitmapIndexReader(files.load(p), p), p));
  }
  const numeric = {} as Record<NumericField, NumericIndexReader>;
  for (const f of NUMERIC_FIELDS) {
    const p = PATHS.numericIndex(f);
    lazyProperty(numeric, f, () => checked(dir, () => new NumericIndexReader(files.load(p), p), p));
  }
  let ids: IdTableReader | undefined;
  let popular: Uint32Array | undefined;
  let catalog: CatalogBlob | undefined;
  const counted = (what: string, n: number) => {
    if (n !== recipeCount) throw new DatasetError(`${dir}: ${what} holds ${n} recipes, the manifest says ${recipeCount}. ${REBUILD}`);
  };
  const shards: ShardReader[] = [];
  const openShard = (n: number): ShardReader =>
    checked(dir, () => {
      const p = PATHS.shard(n);
      const reader = new ShardReader(files.source(p), p);
      const first = n * RECORDS_PER_SHARD;
      const count = Math.min(RECORDS_PER_SHARD, recipeCount - first);
      if (reader.firstDoc !== first) throw new DatasetError(`${files.fullPath(p)} starts at doc ${reader.firstDoc}, expected ${first}. ${REBUILD}`);
      if (reader.count !== count) throw new DatasetError(`${files.fullPath(p)} holds ${reader.count} records, expected ${count}. ${REBUILD}`);
      return reader;
    }, PATHS.shard(n));

  const ds: Dataset = {
    dir,
    manifest,
    recipeCount,
    families,
    numeric,
    get ids() {
      return (ids ??= checked(dir, () => {
        const r = new IdTableReader(files.load(PATHS.ids), PATHS.ids);
        counted(PATHS.ids, r.count);
        return r;
      }, PATHS.ids));
    },
    get popular() {
      return (popular ??= checked(dir, () => {
        const docs = decodeDocList(files.load(PATHS.popular), PATHS.popular).docs;
        counted(PATHS.popular, docs.length);
        return docs;
      }, PATHS.popular));
    },
    get catalog() {
      return (catalog ??= checked(dir, () => decodeBlob<CatalogBlob>(files.load(PATHS.catalog), PATHS.catalog), PATHS.catalog));
    },
    shard(n) {
      if (!Number.isInteger(n) || n < 0 || n >= shardCount) throw new RangeError(`shard ${n} outside 0..${shardCount - 1}`);
      return (shards[n] ??= openShard(n));
    },
    file: (p) => checked(dir, () => files.file(p), p),
    source: (p) => checked(dir, () => files.source(p), p),
    decodeFile: (p, decode) => checked(dir, () => decode(files.file(p)), p),
    hashed: verify === 'full',
  };
  filesOf.set(ds, files);
  // 'full' keeps its promise that nothing malformed is served: every reader is built now.
  if (verify === 'full') warmSync(ds);
  return ds;
}

/**
 * Releases a dataset's file descriptors and loaded bytes once nothing reads it any more (the
 * server's hot swap closes the old version after its last in-flight request).
 */
export function closeDataset(ds: Dataset): void {
  filesOf.get(ds)?.close();
}

/**
 * Builds every reader of the dataset not built yet (loading the in-memory files), pausing (yield)
 * between steps of a few milliseconds: throws DatasetError on the first malformed one.
 */
function* buildReaders(ds: Dataset): Generator<void> {
  for (const f of BITMAP_FAMILIES) void ds.families[f];
  for (const f of NUMERIC_FIELDS) void ds.numeric[f];
  void ds.ids;
  void ds.popular;
  yield;
  void ds.catalog;
  for (let n = 0; n < ds.manifest.counts.shards; n++) {
    ds.shard(n);
    if (n % 16 === 15) yield;
  }
}

function warmSync(ds: Dataset): void {
  for (const _ of buildReaders(ds));
}

/**
 * Checks every listed file's SHA-256 without blocking the event loop for long: in-memory files
 * are hashed from the buffer that is served (loading it first, in chunks, if no request has yet), on-disk
 * files are read again in chunks. Then builds every reader not built yet (shard offset tables
 * included), so structural checks run too and the first filtered request finds everything warm.
 * Resolves when all is well; rejects with a DatasetError naming the first file that is not.
 */
export async function verifyDataset(ds: Dataset, onProgress?: (p: VerifyProgress) => void): Promise<void> {
  const files = filesOf.get(ds);
  await hashAll(ds.dir, ds.manifest, (p) => (files ? files.loadAsync(p) : ds.file(p)), onProgress);
  // Structural checks of whatever no request has used yet, a little at a time.
  for (const _ of buildReaders(ds)) await yieldNow();
}
