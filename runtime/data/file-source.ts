import fs from 'node:fs';
import type { ByteSource } from '../format/shard.ts';

/**
 * A ByteSource over an open file descriptor: each read is one pread. The descriptor stays open
 * for the life of the process (datasets are immutable once published).
 */
export function fileSource(file: string, size: number): ByteSource {
  const fd = fs.openSync(file, 'r');
  return {
    size,
    read(position, length) {
      const n = Math.max(0, Math.min(length, size - position));
      const buf = Buffer.allocUnsafe(n);
      let at = 0;
      while (at < n) {
        const got = fs.readSync(fd, buf, at, n - at, position + at);
        if (got === 0) break;
        at += got;
      }
      return at === n ? buf : buf.subarray(0, at);
    },
  };
}
