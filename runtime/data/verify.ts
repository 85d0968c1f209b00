/**
 * The checks of a dataset's bytes on disk (FORMAT.md § 11): every file's SHA-256 against the
 * manifest (at open, or in the background without blocking the event loop for long); the heads of
 * the containers are checked by heads.ts, which needs no file system.
 */
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from '../format/manifest.ts';
import { DatasetError, REBUILD } from './dataset-error.ts';
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
  load: (p: string) => Uint8Array | Promise<Uint8Array>,
  onProgress?: (p: VerifyProgress) => void,
): Promise<void> {
  const files = manifest.files;
  const totalBytes = files.reduce((s, f) => s + f.bytes, 0);
  let done = 0;
  for (const [i, f] of files.entries()) {
    const full = path.join(dir, f.path);
    const hash = createHash('sha256');
    if (!onDisk(f.path)) {
      let b: Uint8Array;
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

/** The first `length` bytes of a file of the directory `dir` (fewer if it is shorter): for heads.ts checkHeads. */
export function readHead(dir: string): (p: string, length: number) => Uint8Array {
  return (p, length) => {
    const fd = fs.openSync(path.join(dir, p), 'r');
    try {
      const head = Buffer.alloc(length);
      return head.subarray(0, fs.readSync(fd, head, 0, length, 0));
    } finally {
      fs.closeSync(fd);
    }
  };
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
