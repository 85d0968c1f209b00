/**
 * The msgpack subset of FORMAT.md § 4.1, written from the grammar alone (no msgpack library), so
 * that tests can hold the project's codec (msgpackr, runtime/format/container.ts) to the spec in
 * both directions: decode what the writer wrote, and encode values for the readers to read.
 *
 * The decoder is strict: it refuses any byte the grammar does not allow (nil, extension types,
 * float32, 64-bit integers, non-string map keys) and any form longer than the shortest one for its value.
 * Maps decode to JS `Map`s so that key order, which the format fixes, stays observable.
 */

export type GrammarValue = boolean | number | string | Uint8Array | GrammarValue[] | Map<string, GrammarValue>;

export class GrammarError extends Error {
  override name = 'GrammarError';
}

/** Decodes one value at `at`; returns it and the offset just after it. */
export function decodeGrammar(bytes: Uint8Array, at = 0): { value: GrammarValue; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = at;
  const need = (n: number) => {
    if (p + n > bytes.length) throw new GrammarError(`value overruns the bytes at ${p}`);
  };
  const u8 = () => (need(1), bytes[p++]!);
  const u16 = () => (need(2), (p += 2), view.getUint16(p - 2));
  const u32 = () => (need(4), (p += 4), view.getUint32(p - 4));
  const shortest = (ok: boolean, what: string) => {
    if (!ok) throw new GrammarError(`${what} at ${p} is not in its shortest form`);
  };
  const str = (n: number): string => {
    need(n);
    const s = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(p, p + n));
    p += n;
    return s;
  };
  const value = (): GrammarValue => {
    const start = p;
    const b = u8();
    if (b <= 0x7f) return b;
    if (b >= 0xe0) return b - 0x100;
    if (b >= 0xa0 && b <= 0xbf) return str(b & 0x1f);
    if (b >= 0x90 && b <= 0x9f) return array(b & 0x0f);
    if (b >= 0x80 && b <= 0x8f) return map(b & 0x0f);
    switch (b) {
      case 0xc2: return false;
      case 0xc3: return true;
      case 0xcc: { const v = u8(); shortest(v > 0x7f, 'uint8'); return v; }
      case 0xcd: { const v = u16(); shortest(v > 0xff, 'uint16'); return v; }
      case 0xce: { const v = u32(); shortest(v > 0xffff, 'uint32'); return v; }
      case 0xd0: { need(1); const v = view.getInt8(p++); shortest(v < -32, 'int8'); return v; }
      case 0xd1: { need(2); const v = view.getInt16(p); p += 2; shortest(v < -128, 'int16'); return v; }
      case 0xd2: { need(4); const v = view.getInt32(p); p += 4; shortest(v < -32768, 'int32'); return v; }
      case 0xcb: {
        need(8);
        const v = view.getFloat64(p);
        p += 8;
        shortest(!(Number.isInteger(v) && v >= -0x80000000 && v < 0x100000000), 'float64');
        return v;
      }
      case 0xd9: { const n = u8(); shortest(n > 31, 'str8'); return str(n); }
      case 0xda: { const n = u16(); shortest(n > 0xff, 'str16'); return str(n); }
      case 0xdb: { const n = u32(); shortest(n > 0xffff, 'str32'); return str(n); }
      case 0xc4: return bin(u8());
      case 0xc5: { const n = u16(); shortest(n > 0xff, 'bin16'); return bin(n); }
      case 0xc6: { const n = u32(); shortest(n > 0xffff, 'bin32'); return bin(n); }
      case 0xdc: { const n = u16(); shortest(n > 15, 'array16'); return array(n); }
      case 0xdd: { const n = u32(); shortest(n > 0xffff, 'array32'); return array(n); }
      case 0xde: { const n = u16(); shortest(n > 15, 'map16'); return map(n); }
      case 0xdf: { const n = u32(); shortest(n > 0xffff, 'map32'); return map(n); }
      default: throw new GrammarError(`type byte 0x${b.toString(16)} at ${start} is not in the grammar`);
    }
  };
  const bin = (n: number): Uint8Array => {
    need(n);
    p += n;
    return new Uint8Array(bytes.subarray(p - n, p)); // a plain copy, even from a Buffer
  };
  const array = (n: number): GrammarValue[] => Array.from({ length: n }, () => value());
  const map = (n: number): Map<string, GrammarValue> => {
    const out = new Map<string, GrammarValue>();
    for (let i = 0; i < n; i++) {
      const key = value();
      if (typeof key !== 'string') throw new GrammarError('a map key is not a string');
      if (out.has(key)) throw new GrammarError(`map key ${key} repeats`);
      out.set(key, value());
    }
    return out;
  };
  const decoded = value();
  return { value: decoded, end: p };
}

/** Decodes exactly the given bytes as one value (trailing bytes are an error). */
export function decodeGrammarWhole(bytes: Uint8Array): GrammarValue {
  const { value, end } = decodeGrammar(bytes);
  if (end !== bytes.length) throw new GrammarError(`${bytes.length - end} bytes after the value`);
  return value;
}

/** A value the grammar encodes: plain objects become maps in their key order. */
export type Encodable = boolean | number | string | Uint8Array | readonly Encodable[] | { readonly [key: string]: Encodable };

/** The shortest grammar form of a value, big-endian as msgpack is. */
export function encodeGrammar(v: Encodable): Uint8Array {
  const out: number[] = [];
  const be = (n: number, bytes: number) => {
    for (let i = bytes - 1; i >= 0; i--) out.push(Math.floor(n / 2 ** (8 * i)) & 0xff);
  };
  const head = (fix: number | undefined, fixMax: number, forms: [number, number, number], n: number) => {
    if (fix !== undefined && n <= fixMax) out.push(fix | n);
    else if (n <= 0xff && forms[0] !== 0) out.push(forms[0], n);
    else if (n <= 0xffff) (out.push(forms[1]), be(n, 2));
    else (out.push(forms[2]), be(n, 4));
  };
  const value = (x: Encodable): void => {
    if (typeof x === 'boolean') out.push(x ? 0xc3 : 0xc2);
    else if (typeof x === 'number') number(x);
    else if (typeof x === 'string') {
      const utf8 = new TextEncoder().encode(x);
      head(0xa0, 31, [0xd9, 0xda, 0xdb], utf8.length);
      out.push(...utf8);
    } else if (x instanceof Uint8Array) {
      head(undefined, -1, [0xc4, 0xc5, 0xc6], x.length);
      out.push(...x);
    } else if (Array.isArray(x)) {
      head(0x90, 15, [0, 0xdc, 0xdd], x.length);
      for (const e of x as readonly Encodable[]) value(e);
    } else {
      const entries = Object.entries(x as { readonly [key: string]: Encodable });
      head(0x80, 15, [0, 0xde, 0xdf], entries.length);
      for (const [k, e] of entries) (value(k), value(e));
    }
  };
  const number = (x: number): void => {
    if (Number.isInteger(x) && x >= 0 && x < 0x100000000) {
      if (x <= 0x7f) out.push(x);
      else if (x <= 0xff) out.push(0xcc, x);
      else if (x <= 0xffff) (out.push(0xcd), be(x, 2));
      else (out.push(0xce), be(x, 4));
    } else if (Number.isInteger(x) && x < 0 && x >= -0x80000000) {
      const twos = (bytes: number) => be(x + 2 ** (8 * bytes), bytes);
      if (x >= -32) out.push(x + 0x100);
      else if (x >= -128) (out.push(0xd0), twos(1));
      else if (x >= -32768) (out.push(0xd1), twos(2));
      else (out.push(0xd2), twos(4));
    } else {
      const f = new DataView(new ArrayBuffer(8));
      f.setFloat64(0, x);
      out.push(0xcb, ...new Uint8Array(f.buffer));
    }
  };
  value(v);
  return Uint8Array.from(out);
}

/** A decoded value with maps as plain objects (for comparing with msgpackr's output). */
export function plain(v: GrammarValue): unknown {
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, e]) => [k, plain(e)]));
  if (Array.isArray(v)) return v.map(plain);
  return v;
}
