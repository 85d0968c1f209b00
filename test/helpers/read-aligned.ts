import fs from 'node:fs';
import { alignedBuffer } from '../../runtime/format/bitmap.ts';

/** A file's bytes in a fresh 32-byte aligned buffer, as the runtime holds files that carry frozen bitmap views. */
export function readAligned(file: string): Buffer {
  const bytes = fs.readFileSync(file);
  const buf = alignedBuffer(bytes.length);
  bytes.copy(buf);
  return buf;
}
