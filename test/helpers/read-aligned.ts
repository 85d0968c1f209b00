import fs from 'node:fs';
import { alignedBuffer } from '../../runtime/format/bitmap.ts';

/** A file's bytes in a fresh 32-byte aligned buffer, as the runtime holds files that carry frozen bitmap views. */
export function readAligned(file: string): Buffer {
  const bytes = fs.readFileSync(file);
  const aligned = alignedBuffer(bytes.length);
  aligned.set(bytes);
  return Buffer.from(aligned.buffer, aligned.byteOffset, aligned.byteLength);
}
