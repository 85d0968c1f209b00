/**
 * The node driver of a dataset's files (files.ts FileDriver): positional reads of a directory's
 * files through file descriptors. The only module of runtime/data that reads files for serving.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ByteSource } from '../format/shard.ts';
import { DatasetError, REBUILD } from './dataset-error.ts';
import { VERIFY_CHUNK, type FileDriver } from './files.ts';

/**
 * A ByteSource over a file descriptor: each read is one pread. The descriptor is opened on the
 * first read (so that creating a source costs nothing) and stays open until close(), when the
 * dataset stops being served (a hot swap; datasets are immutable once published).
 */
export function fileSource(file: string, size: number): ByteSource & { close(): void } {
  let fd: number | undefined;
  const readInto = (position: number, length: number, into: Uint8Array, start: number): number => {
    fd ??= fs.openSync(file, 'r');
    const n = Math.max(0, Math.min(length, size - position));
    let at = 0;
    while (at < n) {
      const got = fs.readSync(fd, into, start + at, n - at, position + at);
      if (got === 0) break;
      at += got;
    }
    return at;
  };
  return {
    size,
    read(position, length) {
      const buf = Buffer.allocUnsafe(Math.max(0, Math.min(length, size - position)));
      const got = readInto(position, length, buf, 0);
      return got === buf.length ? buf : buf.subarray(0, got);
    },
    readInto,
    close() {
      if (fd !== undefined) fs.closeSync(fd);
      fd = undefined;
    },
  };
}

/** Reads a file from its start into `into` until it is full or the file ends; returns the bytes read. */
export function readWhole(file: string, into: Uint8Array): number {
  const fd = fs.openSync(file, 'r');
  try {
    let at = 0;
    while (at < into.length) {
      const got = fs.readSync(fd, into, at, into.length - at, at);
      if (got === 0) break;
      at += got;
    }
    return at;
  } finally {
    fs.closeSync(fd);
  }
}

/** The files of the dataset directory `dir`; the async whole read yields between chunks of VERIFY_CHUNK; in-memory files are hashed with node:crypto. */
export function directoryDriver(dir: string): FileDriver {
  const full = (p: string) => path.join(dir, p);
  return {
    where: dir,
    source: (p, size) => fileSource(full(p), size),
    readWhole: (p, into) => readWhole(full(p), into),
    sha256() {
      const h = createHash('sha256');
      return { update: (bytes) => void h.update(bytes), hex: () => h.digest('hex') };
    },
    async readWholeAsync(p, into) {
      const fh = await fs.promises.open(full(p), 'r');
      try {
        let at = 0;
        while (at < into.length) {
          const { bytesRead } = await fh.read(into, at, Math.min(VERIFY_CHUNK, into.length - at), at);
          if (bytesRead === 0) throw new DatasetError(`${full(p)} ended early (${at} of ${into.length} bytes). ${REBUILD}`);
          at += bytesRead;
        }
        return at;
      } finally {
        await fh.close();
      }
    },
  };
}
