/**
 * Doc lists: an ordered list of doc numbers (FORMAT.md § 9 Popularity order), used for the popularity order.
 *
 *   list    --> Container(magic RDBL, header {name, count, order}), Payload
 *   Payload --> u32 LE ^ count
 */
import { decodeContainer, encodeContainer, FormatError } from './container.ts';

export interface DocListHeader {
  name: string;
  count: number;
  /** Human-readable description of the order (FORMAT.md names the exact rule). */
  order: string;
}

export function encodeDocList(name: string, order: string, docs: readonly number[]): Buffer {
  const payload = Buffer.alloc(4 * docs.length);
  docs.forEach((d, i) => payload.writeUInt32LE(d, 4 * i));
  const header: DocListHeader = { name, count: docs.length, order };
  return encodeContainer('docList', header, [payload]);
}

export function decodeDocList(file: Uint8Array, name: string): { header: DocListHeader; docs: Uint32Array } {
  const { header, payload } = decodeContainer<DocListHeader>('docList', file, name);
  if (payload.length < 4 * header.count) throw new FormatError(`${name}: truncated doc list`);
  // Payload offsets are 32-byte aligned inside an aligned file buffer, so a view is safe (little-endian hosts).
  const docs = new Uint32Array(payload.buffer, payload.byteOffset, header.count);
  return { header, docs };
}
