/**
 * The checks of a dataset's bytes (FORMAT.md § 11): every file's SHA-256 against the manifest (at
 * open, or in the background without blocking the event loop for long), and the magic and version
 * at the head of every container.
 */
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FORMAT_VERSION, MAGIC, PATHS, type FileKind } from '../format/constants.ts';
import { decodeContainer } from '../format/container.ts';
import type { Manifest } from '../format/manifest.ts';
import { checked, DatasetError, REBUILD } from './dataset-error.ts';
import { onDisk, VERIFY_CHUNK, type DatasetFiles } from './files.ts';

export interface VerifyProgress {
  /** Files hashed so far and in all. */
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}

/** Lets the event loop run (requests, timers) before the next step. */
export const yieldNow = () => new Promise<void>((r) => setImmediate(r));

const mismatch = (file: string) => `${file} does not match its SHA-256 in the manifest (corrupt or altered). ${REBUILD}`;

/** Every listed file hashed before serving; in-memory files are loaded, which hashes them (files.ts). */
export function hashAllSync(files: DatasetFiles, manifest: Manifest): void {
  for (const f of manifest.files) {
    if (!onDisk(f.path)) {
      files.load(f.path);
      continue;
    }
    const full = files.fullPath(f.path);
    const hash = createHash('sha256');
    hashFileSync(full, f.bytes, hash);
    if (hash.digest('hex') !== f.sha256) throw new DatasetError(mismatch(full));
  }
}

/**
 * Every listed file hashed a chunk at a time, yielding to the event loop between chunks: in-memory
 * files from the buffer `load` gives (the one served, already checked as it was loaded), on-disk
 * files read again in chunks. Rejects with a DatasetError naming the first file that does not match.
 */
export async function hashAll(
  dir: string,
  manifest: Manifest,
  load: (p: string) => Buffer | Promise<Buffer>,
  onProgress?: (p: VerifyProgress) => void,
): Promise<void> {
  const files = manifest.files;
  const totalBytes = files.reduce((s, f) => s + f.bytes, 0);
  let done = 0;
  for (const [i, f] of files.entries()) {
    const full = path.join(dir, f.path);
    const hash = createHash('sha256');
    if (!onDisk(f.path)) {
      let b: Buffer;
      try {
        b = await load(f.path);
      } catch (e) {
        if (e instanceof DatasetError) throw e;
        throw new DatasetError(`${full} cannot be read: ${(e as Error).message}. ${REBUILD}`);
      }
      // Checked when loaded; hashed again here so that bytes changed in memory since are found too.
      for (let at = 0; at < b.length; at += VERIFY_CHUNK) {
        hash.update(b.subarray(at, at + VERIFY_CHUNK));
        await yieldNow();
      }
    } else {
      const fh = await fs.promises.open(full, 'r');
      try {
        const chunk = Buffer.allocUnsafe(Math.min(VERIFY_CHUNK, Math.max(1, f.bytes)));
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

/**
 * Magic and version of every container but the shards (checked on their first read): a few
 * hundred bytes in all, so a wrong file still stops the start.
 */
export function checkHeads(dir: string, manifest: Manifest): void {
  for (const f of manifest.files) {
    if (!f.path.startsWith('records/')) checked(dir, () => checkHead(path.join(dir, f.path), f.path), f.path);
  }
}

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

function hashFileSync(full: string, size: number, hash: Hash): void {
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
