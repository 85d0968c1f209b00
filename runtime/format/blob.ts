/**
 * Blobs: one msgpack value behind the container (FORMAT.md § 10 Catalog, the one blob today).
 *
 *   blob    --> Container(magic RDBB, header {name}), Payload
 *   Payload --> one msgpack value
 */
import { decodeContainer, encodeContainer, packr, unpackr } from './container.ts';

export function encodeBlob(name: string, value: unknown): Buffer {
  return encodeContainer('blob', { name }, [packr.pack(value)]);
}

export function decodeBlob<T>(file: Uint8Array, name: string): T {
  const { payload } = decodeContainer<{ name: string }>('blob', file, name);
  return unpackr.unpack(payload) as T;
}
