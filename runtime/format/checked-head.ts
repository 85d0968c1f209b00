/**
 * The head of a container whose Payload starts with HeadCrc, the CRC-32C of every byte before it
 * (the catalog, FORMAT.md § 10, and the bitmap indexes, § 6): bytes [0, payloadStart + 4), read
 * from a source by range (a reader fetching ranges reads 12 bytes, then the rest) and checked
 * before the header is decoded. A wrong magic or version is named as such, not as a checksum.
 */
import { alignUp, checkKind, decodeContainer, FormatError } from './container.ts';
import { crc32c } from './crc32c.ts';
import { u32le } from './bytes.ts';
import type { FileKind } from './constants.ts';
import type { ByteSource } from './shard.ts';

export function readCheckedHead<H>(source: ByteSource, kind: FileKind, name: string): { header: H; payloadStart: number } {
  const fixed = source.read(0, 12);
  const headerLength = fixed.length === 12 ? u32le(fixed, 8) : 0;
  const payloadStart = alignUp(12 + headerLength);
  const head = source.read(0, Math.min(source.size, payloadStart + 4));
  if (head.length !== payloadStart + 4 || crc32c(head.subarray(0, payloadStart)) !== u32le(head, payloadStart)) {
    checkKind(kind, head, name);
    throw new FormatError(`${name}: header does not match its checksum (corrupt or altered)`);
  }
  return { header: decodeContainer<H>(kind, head.subarray(0, payloadStart), name).header, payloadStart };
}
