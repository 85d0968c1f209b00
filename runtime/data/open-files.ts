/**
 * A dataset over its files, wherever they are (files.ts FileDriver): the readers of every part,
 * each built and checked on first use (FORMAT.md § 11). Needs no file system: the server opens a
 * directory through open.ts, the offline client the files it fetched or was given.
 */
import { BITMAP_FAMILIES, NUMERIC_FIELDS, PATHS, RECORDS_PER_SHARD, type BitmapFamily, type NumericField } from '../format/constants.ts';
import { BitmapIndexReader } from '../format/bitmap-index.ts';
import { NumericIndexReader } from '../format/numeric-index.ts';
import { IdTableReader } from '../format/id-table.ts';
import { ShardReader } from '../format/shard.ts';
import { decodeDocList } from '../format/doc-list.ts';
import { CatalogReader } from '../format/catalog-file.ts';
import type { Manifest } from '../format/manifest.ts';
import type { Dataset } from './dataset.ts';
import { checked, DatasetError, REBUILD } from './dataset-error.ts';
import type { DatasetFiles } from './files.ts';

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

/**
 * The dataset of `files` (sizes already checked against `manifest`, heads checked). `hashed`:
 * every file's SHA-256 was checked before this call; then every reader is built now too, so that
 * nothing malformed is ever served (the promise of verify 'full').
 */
export function datasetOfFiles(files: DatasetFiles, manifest: Manifest, hashed: boolean): Dataset {
  const dir = files.dir;
  const recipeCount = manifest.counts.recipes;
  const shardCount = manifest.counts.shards;
  const families = {} as Record<BitmapFamily, BitmapIndexReader>;
  for (const f of BITMAP_FAMILIES) {
    const p = PATHS.bitmapIndex(f);
    lazyProperty(families, f, () => checked(dir, () => new BitmapIndexReader(files.source(p), p), p));
  }
  const numeric = {} as Record<NumericField, NumericIndexReader>;
  for (const f of NUMERIC_FIELDS) {
    const p = PATHS.numericIndex(f);
    lazyProperty(numeric, f, () => checked(dir, () => new NumericIndexReader(files.load(p), p), p));
  }
  let ids: IdTableReader | undefined;
  let popular: Uint32Array | undefined;
  let catalog: CatalogReader | undefined;
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
        const r = new IdTableReader(files.source(PATHS.ids), PATHS.ids);
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
      return (catalog ??= checked(dir, () => new CatalogReader(files.source(PATHS.catalog), PATHS.catalog), PATHS.catalog));
    },
    shard(n) {
      if (!Number.isInteger(n) || n < 0 || n >= shardCount) throw new RangeError(`shard ${n} outside 0..${shardCount - 1}`);
      return (shards[n] ??= openShard(n));
    },
    file: (p) => checked(dir, () => files.file(p), p),
    source: (p) => checked(dir, () => files.source(p), p),
    decodeFile: (p, decode) => checked(dir, () => decode(files.file(p)), p),
    hashed,
    byRange: files.driver.byRange === true,
  };
  if (hashed) warmSync(ds);
  return ds;
}

/**
 * Builds every reader of the dataset not built yet (loading the in-memory files), pausing (yield)
 * between steps of a few milliseconds: throws DatasetError on the first malformed one.
 */
export function* buildReaders(ds: Dataset): Generator<void> {
  for (const f of BITMAP_FAMILIES) ds.families[f].checkAll();
  for (const f of NUMERIC_FIELDS) void ds.numeric[f];
  ds.ids.checkAll();
  void ds.popular;
  yield;
  ds.catalog.checkAll();
  for (let n = 0; n < ds.manifest.counts.shards; n++) {
    ds.shard(n).checkOffsets();
    if (n % 16 === 15) yield;
  }
}

export function warmSync(ds: Dataset): void {
  for (const _ of buildReaders(ds));
}

