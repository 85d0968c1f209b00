/**
 * The id lookup table (FORMAT.md § 8 Id table):
 *
 *   ids     --> Container(magic RDBI, header {count, width}), Payload
 *   Payload --> Entry ^ count, sorted by id bytes
 *   Entry   --> id: ASCII, zero-padded to `width` bytes; doc: u32 LE
 */
import { decodeContainer, encodeContainer, FormatError } from './container.ts';
import { ID_WIDTH } from './constants.ts';
import { compareBytes, u32le } from './bytes.ts';

export interface IdTableHeader {
  count: number;
  width: number;
}

export function encodeIdTable(ids: readonly string[]): Buffer {
  const entry = ID_WIDTH + 4;
  const order = ids.map((id, doc) => ({ id, doc }));
  for (const { id } of order) {
    if (!/^[\x21-\x7e]+$/.test(id) || id.length > ID_WIDTH) throw new Error(`id ${JSON.stringify(id)} is not 1..${ID_WIDTH} printable ASCII characters`);
  }
  order.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const payload = Buffer.alloc(entry * order.length);
  order.forEach(({ id, doc }, i) => {
    if (i > 0 && order[i - 1]!.id === id) throw new Error(`duplicate recipe id ${id}`);
    payload.write(id, i * entry, 'latin1');
    payload.writeUInt32LE(doc, i * entry + ID_WIDTH);
  });
  const header: IdTableHeader = { count: ids.length, width: ID_WIDTH };
  return encodeContainer('idTable', header, [payload]);
}

export class IdTableReader {
  readonly count: number;
  readonly #payload: Uint8Array;
  readonly #width: number;
  readonly #key: Uint8Array;

  constructor(file: Uint8Array, name: string) {
    const { header, payload } = decodeContainer<IdTableHeader>('idTable', file, name);
    this.count = header.count;
    this.#width = header.width;
    this.#payload = payload;
    this.#key = new Uint8Array(header.width);
    if (payload.length < header.count * (header.width + 4)) throw new FormatError(`${name}: truncated id table`);
  }

  /** Doc number of an id, or undefined. Binary search over fixed-width entries. */
  lookup(id: string): number | undefined {
    if (id.length === 0 || id.length > this.#width || !/^[\x21-\x7e]+$/.test(id)) return undefined;
    const key = this.#key;
    key.fill(0);
    // The pattern above admits only printable ASCII: one byte per character.
    for (let i = 0; i < id.length; i++) key[i] = id.charCodeAt(i);
    const entry = this.#width + 4;
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = mid * entry;
      const c = compareBytes(this.#payload, at, at + this.#width, key, 0, this.#width);
      if (c === 0) return u32le(this.#payload, at + this.#width);
      // c is the order of the payload slice relative to key.
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}
