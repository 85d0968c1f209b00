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

/**
 * `firstRead`: bytes read before the header's length is known (at least 12). More than the head
 * costs bytes past it; a lazy source fetches what the first read misses in one round and the rest
 * of a longer head in the next.
 */
export function readCheckedHead<H>(source: ByteSource, kind: FileKind, name: string, firstRead = 12): { header: H; payloadStart: number } {
  const first = source.read(0, Math.min(source.size, Math.max(12, firstRead)));
  const headerLength = first.length >= 12 ? u32le(first, 8) : 0;
  const payloadStart = alignUp(12 + headerLength);
  const head = first.length >= payloadStart + 4 ? first.subarray(0, payloadStart + 4) : source.read(0, Math.min(source.size, payloadStart + 4));
  if (head.length !== payloadStart + 4 || crc32c(head.subarray(0, payloadStart)) !== u32le(head, payloadStart)) {
    checkKind(kind, head, name);
    throw new FormatError(`${name}: header does not match its checksum (corrupt or altered)`);
  }
  return { header: decodeContainer<H>(kind, head.subarray(0, payloadStart), name).header, payloadStart };
}
