/**
 * The common envelope of every binary file (FORMAT.md § 4 Container):
 *
 *   file --> Magic, Version, HeaderLength, Header, Padding, Payload
 *   Magic        4 bytes ASCII, one per file kind
 *   Version      u32 LE = FORMAT_VERSION
 *   HeaderLength u32 LE, bytes of Header
 *   Header       msgpack map (FORMAT.md § 4.1), kind-specific
 *   Padding      zero bytes up to a multiple of PAYLOAD_ALIGNMENT from the start of the file
 *   Payload      kind-specific bytes
 */
import { Packr } from 'msgpackr';
import { FORMAT_VERSION, MAGIC, PAYLOAD_ALIGNMENT, type FileKind } from './constants.ts';
import { latin1, u32le } from './bytes.ts';
import { FormatError } from './format-error.ts';
import { readMsgpack } from './msgpack.ts';

export { FormatError, readMsgpack };

/**
 * The writers' msgpack codec: plain maps and arrays, no msgpackr records, the shortest forms of
 * FORMAT.md § 4.1 (test/runtime/format/container.test.ts). Readers use readMsgpack (msgpack.ts);
 * `packr` is marked pure, so a bundle that only reads (the offline client) drops it.
 */
export const packr = /* @__PURE__ */ new Packr({ useRecords: false, variableMapSize: true, moreTypes: false });

export function alignUp(n: number, alignment = PAYLOAD_ALIGNMENT): number {
  return Math.ceil(n / alignment) * alignment;
}

export function encodeContainer(kind: FileKind, header: unknown, payload: readonly Uint8Array[]): Buffer {
  const head = packr.pack(header);
  const payloadStart = alignUp(12 + head.length);
  const payloadLength = payload.reduce((s, p) => s + p.byteLength, 0);
  const out = Buffer.alloc(payloadStart + payloadLength);
  out.write(MAGIC[kind], 0, 'latin1');
  out.writeUInt32LE(FORMAT_VERSION, 4);
  out.writeUInt32LE(head.length, 8);
  head.copy(out, 12);
  let at = payloadStart;
  for (const p of payload) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

export interface Container<H> {
  header: H;
  /** Payload bytes: a view into the file buffer (no copy). */
  payload: Uint8Array;
}

/** Checks the first 12 bytes: length, magic and version; throws FormatError naming the file and what to do. */
export function checkKind(kind: FileKind, file: Uint8Array, name: string): void {
  if (file.length < 12) throw new FormatError(`${name}: file too short to be a ${kind} file`);
  const magic = latin1(file, 0, 4);
  if (magic !== MAGIC[kind]) throw new FormatError(`${name}: expected magic ${MAGIC[kind]}, found ${JSON.stringify(magic)}`);
  const version = u32le(file, 4);
  if (version !== FORMAT_VERSION) {
    throw new FormatError(`${name}: format version ${version}, this runtime reads version ${FORMAT_VERSION}`);
  }
}

/** Checks magic and version; throws FormatError naming the file and what to do. */
export function decodeContainer<H>(kind: FileKind, file: Uint8Array, name: string): Container<H> {
  checkKind(kind, file, name);
  const headerLength = u32le(file, 8);
  if (12 + headerLength > file.length) throw new FormatError(`${name}: header overruns the file`);
  const header = readMsgpack(file.subarray(12, 12 + headerLength), `${name}: header`) as H;
  const payloadStart = alignUp(12 + headerLength);
  return { header, payload: file.subarray(payloadStart) };
}
