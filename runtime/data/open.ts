/**
 * Opens a compiled dataset directory through its manifest. Refuses (throws DatasetError with a
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
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  BITMAP_FAMILIES,
  CURRENT_POINTER_FILE,
  FORMAT_VERSION,
  MAGIC,
  MANIFEST_FILE,
  NUMERIC_FIELDS,
  PATHS,
  RECORDS_PER_SHARD,
  type BitmapFamily,
  type FileKind,
} from '../format/constants.ts';
import type { Manifest } from '../format/manifest.ts';
import { alignedBuffer } from '../format/bitmap.ts';
import { BitmapIndexReader } from '../format/bitmap-index.ts';
import { NumericIndexReader } from '../format/numeric-index.ts';
import { IdTableReader } from '../format/id-table.ts';
import { bufferSource, ShardReader, type ByteSource } from '../format/shard.ts';
import { decodeContainer } from '../format/container.ts';
import { fileSource, readWhole } from './file-source.ts';
import { decodeDocList } from '../format/doc-list.ts';
import { decodeBlob } from '../format/blob.ts';
import type { CatalogBlob } from '../format/catalog.ts';
import type { NumericField } from '../query/filter.ts';

const REBUILD = 'Run `npm run build` to compile the dataset.';

export class DatasetError extends Error {
  override name = 'DatasetError';
}

/** See the module comment: 'full' hashes at open, 'background' leaves it to verifyDataset(), 'size' never hashes. */
export type VerifyMode = 'full' | 'background' | 'size';
export const VERIFY_MODES: readonly VerifyMode[] = ['full', 'background', 'size'];

export interface OpenOptions {
  /** Default 'full'. */
  verify?: VerifyMode;
}

/** An aligned buffer for a file's bytes (bitmap views want 32-byte alignment), as a Buffer over the same memory. */
function alignedFileBuffer(size: number): Buffer {
  const bytes = alignedBuffer(size);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Files that stay on disk and are read by positional reads (never loaded whole for serving). */
const onDisk = (p: string) => p.startsWith('records/') || p === PATHS.searchIndex;

/**
 * The container kind each known path must hold. Files the manifest lists beyond these (parts
 * added by other modules) must hold some known kind.
 */
function expectedKind(p: string): FileKind | undefined {
  if (p.startsWith('records/')) return 'shard';
  if (p.startsWith('index/') || p === PATHS.pantryByTotal) return 'bitmapIndex';
  if (p.startsWith('numeric/')) return 'numericIndex';
  if (p === PATHS.ids) return 'idTable';
  if (p === PATHS.popular) return 'docList';
  if (p === PATHS.catalog) return 'blob';
  if (p === PATHS.searchIndex) return 'searchIndex';
  return undefined;
}

/**
 * One opened dataset. `families`, `numeric`, `ids`, `popular` and `catalog` are read from disk on
 * first access (then kept); `shard(n)` reads and checks shard n's header and offset table on its
 * first call. Any of them throws a DatasetError if what it reads is malformed.
 */
export interface Dataset {
  dir: string;
  manifest: Manifest;
  recipeCount: number;
  families: Record<BitmapFamily, BitmapIndexReader>;
  numeric: Record<NumericField, NumericIndexReader>;
  ids: IdTableReader;
  popular: Uint32Array;
  catalog: CatalogBlob;
  shard(n: number): ShardReader;
  /**
   * Raw bytes of any manifest-listed file, for parts added by other modules. Files other than
   * record shards and the search index are read whole on the first call and kept (the bytes that
   * are served and hashed); on-disk files are read whole on each call.
   */
  file(p: string): Buffer;
  /** Positional reads of any manifest-listed file (one descriptor per file, opened on first use and kept open). */
  source(p: string): ByteSource;
  /** True when every file's SHA-256 was checked at open (verify 'full'). */
  hashed: boolean;
}

/** The dataset directory to serve: `root/current` if present, else the newest directory with a manifest. */
export function resolveDataDir(root: string): string {
  const pointer = path.join(root, CURRENT_POINTER_FILE);
  if (fs.existsSync(pointer)) {
    const name = fs.readFileSync(pointer, 'utf8').trim();
    if (name && !name.includes('/') && !name.includes('..')) return path.join(root, name);
  }
  const candidates = fs.existsSync(root)
    ? fs.readdirSync(root).filter((n) => !n.startsWith('.') && fs.existsSync(path.join(root, n, MANIFEST_FILE)))
    : [];
  if (candidates.length === 0) throw new DatasetError(`No compiled dataset in ${root}. ${REBUILD}`);
  candidates.sort((a, b) => fs.statSync(path.join(root, b, MANIFEST_FILE)).mtimeMs - fs.statSync(path.join(root, a, MANIFEST_FILE)).mtimeMs);
  return path.join(root, candidates[0]!);
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new DatasetError(`${file} is missing: the dataset is incomplete. ${REBUILD}`);
  let m: Manifest;
  try {
    m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch (e) {
    throw new DatasetError(`${file} is not valid JSON (${(e as Error).message}). ${REBUILD}`);
  }
  if (m.format !== 'recipe-db') throw new DatasetError(`${file} is not a recipe-db manifest. ${REBUILD}`);
  if (m.formatVersion !== FORMAT_VERSION) {
    throw new DatasetError(`${dir} has format version ${m.formatVersion}; this runtime reads version ${FORMAT_VERSION}. ${REBUILD}`);
  }
  if (!Array.isArray(m.files)) throw new DatasetError(`${file} lists no files. ${REBUILD}`);
  return m;
}

/** Runs `make`, turning any failure into a DatasetError that names the file (or the dataset) and says what to run. */
export function checked<T>(dir: string, make: () => T, file?: string): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof DatasetError) throw e;
    throw new DatasetError(`${file === undefined ? dir : path.join(dir, file)} is malformed: ${(e as Error).message}. ${REBUILD}`);
  }
}

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
  const sizes = new Map<string, number>();
  for (const f of manifest.files) {
    const full = path.join(dir, f.path);
    let size: number;
    try {
      size = fs.statSync(full).size;
    } catch {
      throw new DatasetError(`${full} is missing. ${REBUILD}`);
    }
    if (size !== f.bytes) throw new DatasetError(`${full} has ${size} bytes, the manifest says ${f.bytes}. ${REBUILD}`);
    sizes.set(f.path, size);
  }
  const recipeCount = manifest.counts.recipes;
  const shardCount = manifest.counts.shards;
  if (!Number.isInteger(recipeCount) || recipeCount < 0 || shardCount !== Math.ceil(recipeCount / RECORDS_PER_SHARD)) {
    throw new DatasetError(`${dir}: the manifest counts ${shardCount} shards for ${recipeCount} recipes (${RECORDS_PER_SHARD} per shard). ${REBUILD}`);
  }
  for (let n = 0; n < shardCount; n++) {
    if (!sizes.has(PATHS.shard(n))) throw new DatasetError(`${path.join(dir, PATHS.shard(n))} is not listed in the manifest. ${REBUILD}`);
  }

  /** Files read whole into aligned buffers (bitmap frozen views and typed-array views need it). */
  const bytes = new Map<string, Buffer>();
  const sizeOf = (p: string): number => {
    const size = sizes.get(p);
    if (size === undefined) throw new DatasetError(`${path.join(dir, p)} is not listed in the manifest. ${REBUILD}`);
    return size;
  };
  const load = (p: string): Buffer => {
    let b = bytes.get(p);
    if (b) return b;
    const size = sizeOf(p);
    b = alignedFileBuffer(size);
    const got = readWhole(path.join(dir, p), b);
    if (got !== size) throw new DatasetError(`${path.join(dir, p)} ended early (${got} of ${size} bytes). ${REBUILD}`);
    bytes.set(p, b);
    return b;
  };
  /** load() without blocking the event loop for more than one chunk read (verifyDataset's path). */
  const loadAsync = async (p: string): Promise<Buffer> => {
    const ready = bytes.get(p);
    if (ready) return ready;
    const size = sizeOf(p);
    const b = alignedFileBuffer(size);
    const fh = await fs.promises.open(path.join(dir, p), 'r');
    try {
      for (let at = 0; at < size; ) {
        const { bytesRead } = await fh.read(b, at, Math.min(VERIFY_CHUNK, size - at), at);
        if (bytesRead === 0) throw new DatasetError(`${path.join(dir, p)} ended early (${at} of ${size} bytes). ${REBUILD}`);
        at += bytesRead;
      }
    } finally {
      await fh.close();
    }
    // A request may have loaded the file meanwhile: keep (and so hash) the buffer it serves.
    const raced = bytes.get(p);
    if (raced) return raced;
    bytes.set(p, b);
    return b;
  };
  const sources = new Map<string, ByteSource>();
  const source = (p: string): ByteSource => {
    let s = sources.get(p);
    if (s) return s;
    const size = sizeOf(p);
    if (onDisk(p)) {
      s = fileSource(path.join(dir, p), size);
    } else {
      const b = load(p);
      s = bufferSource(b);
    }
    sources.set(p, s);
    return s;
  };
  const file = (p: string): Buffer => {
    if (!onDisk(p)) return load(p);
    const src = source(p);
    return src.read(0, src.size);
  };

  if (verify === 'full') {
    // Every byte hashed before serving; in-memory files are hashed from the buffer that is kept.
    for (const f of manifest.files) {
      const full = path.join(dir, f.path);
      const hash = createHash('sha256');
      if (!onDisk(f.path)) hash.update(load(f.path));
      else hashFileSync(full, f.bytes, hash);
      if (hash.digest('hex') !== f.sha256) throw new DatasetError(mismatch(full));
    }
  }
  // Magic and version of every container but the shards (checked on their first read): a few
  // hundred bytes in all, so a wrong file still stops the start.
  for (const f of manifest.files) {
    if (!f.path.startsWith('records/')) checked(dir, () => checkHead(path.join(dir, f.path), f.path), f.path);
  }

  const families = {} as Record<BitmapFamily, BitmapIndexReader>;
  for (const f of BITMAP_FAMILIES) {
    const p = PATHS.bitmapIndex(f);
    lazyProperty(families, f, () => checked(dir, () => new BitmapIndexReader(load(p), p), p));
  }
  const numeric = {} as Record<NumericField, NumericIndexReader>;
  for (const f of NUMERIC_FIELDS) {
    const p = PATHS.numericIndex(f);
    lazyProperty(numeric, f, () => checked(dir, () => new NumericIndexReader(load(p), p), p));
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
      const reader = new ShardReader(source(p), p);
      const first = n * RECORDS_PER_SHARD;
      const count = Math.min(RECORDS_PER_SHARD, recipeCount - first);
      if (reader.firstDoc !== first) throw new DatasetError(`${path.join(dir, p)} starts at doc ${reader.firstDoc}, expected ${first}. ${REBUILD}`);
      if (reader.count !== count) throw new DatasetError(`${path.join(dir, p)} holds ${reader.count} records, expected ${count}. ${REBUILD}`);
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
        const r = new IdTableReader(load(PATHS.ids), PATHS.ids);
        counted(PATHS.ids, r.count);
        return r;
      }, PATHS.ids));
    },
    get popular() {
      return (popular ??= checked(dir, () => {
        const docs = decodeDocList(load(PATHS.popular), PATHS.popular).docs;
        counted(PATHS.popular, docs.length);
        return docs;
      }, PATHS.popular));
    },
    get catalog() {
      return (catalog ??= checked(dir, () => decodeBlob<CatalogBlob>(load(PATHS.catalog), PATHS.catalog), PATHS.catalog));
    },
    shard(n) {
      if (!Number.isInteger(n) || n < 0 || n >= shardCount) throw new RangeError(`shard ${n} outside 0..${shardCount - 1}`);
      return (shards[n] ??= openShard(n));
    },
    file: (p) => checked(dir, () => file(p), p),
    source: (p) => checked(dir, () => source(p), p),
    hashed: verify === 'full',
  };
  Object.defineProperty(ds, LOAD_ASYNC, { value: (p: string) => (onDisk(p) ? Promise.resolve(ds.file(p)) : loadAsync(p)) });
  // 'full' keeps its promise that nothing malformed is served: every reader is built now.
  if (verify === 'full') warmSync(ds);
  return ds;
}

/** openDataset's own non-blocking loader of an in-memory file, for verifyDataset (not part of Dataset). */
const LOAD_ASYNC = Symbol('loadAsync');
/** Bytes hashed (and read) per step of the background pass: about a millisecond of blocking each. */
const VERIFY_CHUNK = 1 << 20;

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

const mismatch = (file: string) => `${file} does not match its SHA-256 in the manifest (corrupt or altered). ${REBUILD}`;

const KIND_BY_MAGIC = new Map(Object.entries(MAGIC).map(([k, m]) => [m as string, k as FileKind]));

/**
 * Magic and version of a container from its first 12 bytes (the kind its path calls for, or any
 * known kind for other files); the search index, which stays on disk, has its whole header
 * decoded too (a few hundred bytes).
 */
function checkHead(full: string, name: string): void {
  const fd = fs.openSync(full, 'r');
  try {
    const head = Buffer.alloc(12);
    const got = fs.readSync(fd, head, 0, 12, 0);
    const kind = expectedKind(name) ?? KIND_BY_MAGIC.get(head.toString('latin1', 0, 4));
    if (!kind) throw new DatasetError(`${full}: not a recipe-db container file. ${REBUILD}`);
    if (got < 12) throw new DatasetError(`${full}: file too short to be a ${kind} file. ${REBUILD}`);
    const magic = head.toString('latin1', 0, 4);
    if (magic !== MAGIC[kind]) throw new DatasetError(`${full}: expected magic ${MAGIC[kind]}, found ${JSON.stringify(magic)}. ${REBUILD}`);
    const version = head.readUInt32LE(4);
    if (version !== FORMAT_VERSION) throw new DatasetError(`${full}: format version ${version}, this runtime reads version ${FORMAT_VERSION}. ${REBUILD}`);
    if (kind === 'searchIndex') {
      const size = fs.fstatSync(fd).size;
      const whole = Buffer.alloc(Math.min(size, 12 + head.readUInt32LE(8)));
      fs.readSync(fd, whole, 0, whole.length, 0);
      decodeContainer(kind, whole, name);
    }
  } finally {
    fs.closeSync(fd);
  }
}

function hashFileSync(full: string, size: number, hash: ReturnType<typeof createHash>): void {
  const chunk = Buffer.allocUnsafe(Math.max(1, Math.min(size, 1 << 20)));
  const fd = fs.openSync(full, 'r');
  try {
    for (let at = 0; at < size; ) {
      const got = fs.readSync(fd, chunk, 0, Math.min(chunk.length, size - at), at);
      if (got === 0) throw new DatasetError(`${full} ended early. ${REBUILD}`);
      hash.update(chunk.subarray(0, got));
      at += got;
    }
  } finally {
    fs.closeSync(fd);
  }
}

export interface VerifyProgress {
  /** Files hashed so far and in all. */
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}

/**
 * Checks every listed file's SHA-256 without blocking the event loop for long: in-memory files
 * are hashed from the buffer that is served (loading it first, in chunks, if no request has yet), on-disk
 * files are read again in chunks. Then builds every reader not built yet (shard offset tables
 * included), so structural checks run too and the first filtered request finds everything warm.
 * Resolves when all is well; rejects with a DatasetError naming the first file that is not.
 */
export async function verifyDataset(ds: Dataset, onProgress?: (p: VerifyProgress) => void): Promise<void> {
  const CHUNK = VERIFY_CHUNK;
  const loadAsync = (ds as Dataset & { [LOAD_ASYNC]?: (p: string) => Promise<Buffer> })[LOAD_ASYNC];
  const files = ds.manifest.files;
  const totalBytes = files.reduce((s, f) => s + f.bytes, 0);
  let done = 0;
  const yieldNow = () => new Promise<void>((r) => setImmediate(r));
  for (const [i, f] of files.entries()) {
    const full = path.join(ds.dir, f.path);
    const hash = createHash('sha256');
    if (!onDisk(f.path)) {
      let b: Buffer;
      try {
        b = loadAsync ? await loadAsync(f.path) : ds.file(f.path);
      } catch (e) {
        if (e instanceof DatasetError) throw e;
        throw new DatasetError(`${full} cannot be read: ${(e as Error).message}. ${REBUILD}`);
      }
      for (let at = 0; at < b.length; at += CHUNK) {
        hash.update(b.subarray(at, at + CHUNK));
        await yieldNow();
      }
    } else {
      const fh = await fs.promises.open(full, 'r');
      try {
        const chunk = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, f.bytes)));
        for (let at = 0; at < f.bytes; ) {
          const { bytesRead } = await fh.read(chunk, 0, Math.min(chunk.length, f.bytes - at), at);
          if (bytesRead === 0) throw new DatasetError(`${full} ended early. ${REBUILD}`);
          hash.update(chunk.subarray(0, bytesRead));
          at += bytesRead;
        }
      } finally {
        await fh.close();
      }
    }
    if (hash.digest('hex') !== f.sha256) throw new DatasetError(mismatch(full));
    done += f.bytes;
    onProgress?.({ files: i + 1, totalFiles: files.length, bytes: done, totalBytes });
  }
  // Structural checks of whatever no request has used yet, a little at a time.
  for (const _ of buildReaders(ds)) await yieldNow();
}
