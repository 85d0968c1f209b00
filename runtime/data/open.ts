/**
 * Opens a compiled dataset directory through its manifest. Refuses (throws DatasetError with a
 * message that says what to run) on a missing manifest, an unknown format version, a missing
 * file, a size or checksum mismatch, or a malformed file: never serves half a dataset.
 *
 * Verification (FORMAT.md § 11):
 * - always, at open: every listed file exists with the manifest's size, every container has the
 *   right magic and version, shard offset tables, id table and doc list agree with the counts;
 * - `verify: 'full'` (default here): every file's SHA-256 is checked before openDataset returns;
 * - `verify: 'background'`: the SHA-256 check is left to verifyDataset(), which the server runs
 *   right after it starts listening (and stops serving if it fails);
 * - `verify: 'size'`: no SHA-256 check at all (storage trusted by the operator).
 * Record shards and the search index stay on disk and are read by positional reads; every other
 * file is loaded into memory.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BITMAP_FAMILIES, CURRENT_POINTER_FILE, FORMAT_VERSION, MAGIC, MANIFEST_FILE, NUMERIC_FIELDS, PATHS, type BitmapFamily, type FileKind } from '../format/constants.ts';
import type { Manifest } from '../format/manifest.ts';
import { alignedBuffer } from '../format/bitmap.ts';
import { BitmapIndexReader } from '../format/bitmap-index.ts';
import { NumericIndexReader } from '../format/numeric-index.ts';
import { IdTableReader } from '../format/id-table.ts';
import { ShardReader, type ByteSource } from '../format/shard.ts';
import { decodeContainer } from '../format/container.ts';
import { fileSource } from './file-source.ts';
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

/** Files that stay on disk and are read by positional reads (not loaded at open). */
const onDisk = (p: string) => p.startsWith('records/') || p === PATHS.searchIndex;

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
  /** Raw bytes of any manifest-listed file except record shards, for parts added by other modules (on-disk files are read whole). */
  file(p: string): Buffer;
  /** Positional reads of any manifest-listed file (one descriptor per file, kept open). */
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

export function openDataset(dir: string, options: OpenOptions = {}): Dataset {
  const manifest = readManifest(dir);
  const verify = options.verify ?? 'full';
  const bytes = new Map<string, Buffer>();
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
    // Record shards and the search index stay on disk; everything else is loaded into aligned
    // buffers so that bitmap frozen views and Uint32Array views are valid.
    const keep = !onDisk(f.path);
    const buf = keep ? alignedBuffer(size) : undefined;
    if (keep || verify === 'full') {
      const hash = createHash('sha256');
      const chunk = buf ?? Buffer.allocUnsafe(Math.min(size, 1 << 20));
      const fd = fs.openSync(full, 'r');
      try {
        for (let at = 0; at < size; ) {
          const want = buf ? size - at : Math.min(chunk.length, size - at);
          const got = fs.readSync(fd, chunk, buf ? at : 0, want, at);
          if (got === 0) throw new DatasetError(`${full} ended early. ${REBUILD}`);
          if (!buf && verify === 'full') hash.update(chunk.subarray(0, got));
          at += got;
        }
      } finally {
        fs.closeSync(fd);
      }
      if (verify === 'full') {
        if (buf) hash.update(buf);
        if (hash.digest('hex') !== f.sha256) throw new DatasetError(mismatch(full));
      }
    }
    if (buf) bytes.set(f.path, buf);
  }
  const sources = new Map<string, ByteSource>();
  const source = (p: string): ByteSource => {
    let s = sources.get(p);
    if (s) return s;
    const size = sizes.get(p);
    if (size === undefined) throw new DatasetError(`${path.join(dir, p)} is not listed in the manifest. ${REBUILD}`);
    const b = bytes.get(p);
    s = b ? { size, read: (at, n) => b.subarray(at, at + n) } : fileSource(path.join(dir, p), size);
    sources.set(p, s);
    return s;
  };
  const need = (p: string): Buffer => {
    const b = bytes.get(p);
    if (b) return b;
    const src = source(p);
    return src.read(0, src.size);
  };
  try {
    const families = Object.fromEntries(
      BITMAP_FAMILIES.map((f) => [f, new BitmapIndexReader(need(PATHS.bitmapIndex(f)), PATHS.bitmapIndex(f))]),
    ) as Record<BitmapFamily, BitmapIndexReader>;
    const numeric = Object.fromEntries(
      NUMERIC_FIELDS.map((f) => [f, new NumericIndexReader(need(PATHS.numericIndex(f)), PATHS.numericIndex(f))]),
    ) as Record<NumericField, NumericIndexReader>;
    const ids = new IdTableReader(need(PATHS.ids), PATHS.ids);
    const popular = decodeDocList(need(PATHS.popular), PATHS.popular).docs;
    const catalog = decodeBlob<CatalogBlob>(need(PATHS.catalog), PATHS.catalog);
    const shardCount = manifest.counts.shards;
    const recipeCount = manifest.counts.recipes;
    if (ids.count !== recipeCount || popular.length !== recipeCount) {
      throw new DatasetError(`${dir}: id table or popularity list disagrees with the manifest's recipe count. ${REBUILD}`);
    }
    // Every shard's header and offset table is read and checked now, so a bad shard stops the
    // start instead of failing a request later.
    const shards: ShardReader[] = [];
    let docs = 0;
    for (let n = 0; n < shardCount; n++) {
      const p = PATHS.shard(n);
      const reader = new ShardReader(source(p), p); // source() refuses a shard the manifest does not list
      if (reader.firstDoc !== docs) throw new DatasetError(`${p} starts at doc ${reader.firstDoc}, expected ${docs}. ${REBUILD}`);
      docs += reader.count;
      shards.push(reader);
    }
    if (docs !== recipeCount) throw new DatasetError(`${dir}: shards hold ${docs} records, the manifest says ${recipeCount}. ${REBUILD}`);
    // The other on-disk files: container magic and version now (their readers check the rest).
    for (const f of manifest.files) if (onDisk(f.path) && !f.path.startsWith('records/')) checkContainer(source(f.path), f.path);
    return {
      dir,
      manifest,
      recipeCount,
      families,
      numeric,
      ids,
      popular,
      catalog,
      shard(n) {
        const s = shards[n];
        if (!s) throw new RangeError(`shard ${n} outside 0..${shardCount - 1}`);
        return s;
      },
      file: need,
      source,
      hashed: verify === 'full',
    };
  } catch (e) {
    if (e instanceof DatasetError) throw e;
    throw new DatasetError(`${dir} is malformed: ${(e as Error).message}. ${REBUILD}`);
  }
}

const mismatch = (file: string) => `${file} does not match its SHA-256 in the manifest (corrupt or altered). ${REBUILD}`;

const KIND_BY_MAGIC = new Map(Object.entries(MAGIC).map(([k, m]) => [m as string, k as FileKind]));

/** Magic and version of a container file read from its first bytes. */
function checkContainer(src: ByteSource, name: string): void {
  const head = src.read(0, Math.min(src.size, 12));
  const kind = KIND_BY_MAGIC.get(head.toString('latin1', 0, 4));
  if (!kind) throw new DatasetError(`${name}: not a recipe-db container file. ${REBUILD}`);
  const headerLength = head.length === 12 ? head.readUInt32LE(8) : 0;
  decodeContainer(kind, src.read(0, Math.min(src.size, 12 + headerLength)), name);
}

export interface VerifyProgress {
  /** Files hashed so far and in all. */
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}

/**
 * Checks every listed file's SHA-256 without blocking the event loop for long: files loaded at
 * open are hashed from memory (what is served), on-disk files are read again in chunks. Resolves
 * when all match; rejects with a DatasetError naming the first file that does not.
 */
export async function verifyDataset(ds: Dataset, onProgress?: (p: VerifyProgress) => void): Promise<void> {
  const CHUNK = 4 << 20;
  const files = ds.manifest.files;
  const totalBytes = files.reduce((s, f) => s + f.bytes, 0);
  let done = 0;
  const yieldNow = () => new Promise<void>((r) => setImmediate(r));
  for (const [i, f] of files.entries()) {
    const full = path.join(ds.dir, f.path);
    const hash = createHash('sha256');
    if (!onDisk(f.path)) {
      const b = ds.file(f.path);
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
}
