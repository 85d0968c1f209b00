/**
 * The reading half of the msgpack subset of FORMAT.md § 4.1, for every reader of the files
 * (server and offline client alike). msgpackr (container.ts `packr`) writes the files; this reads
 * them, because the subset is small and fixed and a reader of it is a few hundred bytes where
 * msgpackr's decoder is 15 KB of the offline client's bundle (its budget, issue 19). It is strict:
 * a byte the grammar does not allow (nil, float32, 64-bit integers, extension types, a non-string
 * or repeated map key), a longer form than the shortest, bad UTF-8 or trailing bytes throw
 * FormatError, so a malformed value is refused rather than read as something else. It equals
 * msgpackr's decoding on every value of the grammar (test/runtime/format/msgpack.test.ts).
 *
 * Maps become plain objects; `bin` is a view of the input (no copy); strings of ASCII bytes are
 * built without a TextDecoder call (ids, keys and names are short and mostly ASCII).
 */
import { FormatError } from './format-error.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

// The value being read: module state rather than closures, so that a call allocates nothing but
// its result (readMsgpack is synchronous and calls nothing outside this module, so it never nests).
let bytes: Uint8Array = new Uint8Array(0);
let view: DataView = new DataView(bytes.buffer);
let p = 0;
let what = '';

/** Decodes `input` as exactly one value; `name` names the bytes in an error. */
export function readMsgpack(input: Uint8Array, name = 'msgpack value'): unknown {
  bytes = input;
  view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  p = 0;
  what = name;
  const out = value();
  if (p !== bytes.length) fail(`${bytes.length - p} bytes after the value`);
  return out;
}

function fail(why: string): never {
  throw new FormatError(`${what}: ${why} at byte ${p}`);
}

function need(n: number): void {
  if (p + n > bytes.length) fail('value overruns its bytes');
}

function shortest(ok: boolean): void {
  if (!ok) fail('a longer form than the shortest');
}

function u8(): number {
  need(1);
  return bytes[p++]!;
}

function u16(): number {
  need(2);
  p += 2;
  return view.getUint16(p - 2);
}

function u32(): number {
  need(4);
  p += 4;
  return view.getUint32(p - 4);
}

function str(n: number): string {
  need(n);
  const from = p;
  p += n;
  if (n <= 64) {
    let s = '';
    for (let i = from; i < p; i++) {
      const c = bytes[i]!;
      if (c >= 0x80) return decodeUtf8(from);
      s += String.fromCharCode(c);
    }
    return s;
  }
  return decodeUtf8(from);
}

function decodeUtf8(from: number): string {
  try {
    return utf8.decode(bytes.subarray(from, p));
  } catch {
    return fail('a string that is not UTF-8');
  }
}

function bin(n: number): Uint8Array {
  need(n);
  p += n;
  return bytes.subarray(p - n, p);
}

function array(n: number): unknown[] {
  const out = new Array<unknown>(n);
  for (let i = 0; i < n; i++) out[i] = value();
  return out;
}

function map(n: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const key = value();
    if (typeof key !== 'string') fail('a map key that is not a string');
    if (Object.hasOwn(out, key as string)) fail(`map key ${JSON.stringify(key)} repeated`);
    if (key === '__proto__') fail('the map key "__proto__"'); // would set the object's prototype
    out[key as string] = value();
  }
  return out;
}

function value(): unknown {
  const b = u8();
  if (b <= 0x7f) return b;
  if (b >= 0xe0) return b - 0x100;
  if (b >= 0xa0 && b <= 0xbf) return str(b & 0x1f);
  if (b >= 0x90 && b <= 0x9f) return array(b & 0x0f);
  if (b >= 0x80 && b <= 0x8f) return map(b & 0x0f);
  switch (b) {
    case 0xc2: return false;
    case 0xc3: return true;
    case 0xcc: { const v = u8(); shortest(v > 0x7f); return v; }
    case 0xcd: { const v = u16(); shortest(v > 0xff); return v; }
    case 0xce: { const v = u32(); shortest(v > 0xffff); return v; }
    case 0xd0: { need(1); const v = view.getInt8(p++); shortest(v < -32); return v; }
    case 0xd1: { need(2); const v = view.getInt16(p); p += 2; shortest(v < -128); return v; }
    case 0xd2: { need(4); const v = view.getInt32(p); p += 4; shortest(v < -32768); return v; }
    case 0xcb: {
      need(8);
      const v = view.getFloat64(p);
      p += 8;
      shortest(!(Number.isInteger(v) && v >= -0x80000000 && v < 0x100000000));
      return v;
    }
    case 0xd9: { const n = u8(); shortest(n > 31); return str(n); }
    case 0xda: { const n = u16(); shortest(n > 0xff); return str(n); }
    case 0xdb: { const n = u32(); shortest(n > 0xffff); return str(n); }
    case 0xc4: return bin(u8());
    case 0xc5: { const n = u16(); shortest(n > 0xff); return bin(n); }
    case 0xc6: { const n = u32(); shortest(n > 0xffff); return bin(n); }
    case 0xdc: { const n = u16(); shortest(n > 15); return array(n); }
    case 0xdd: { const n = u32(); shortest(n > 0xffff); return array(n); }
    case 0xde: { const n = u16(); shortest(n > 15); return map(n); }
    case 0xdf: { const n = u32(); shortest(n > 0xffff); return map(n); }
    default: return fail(`type byte 0x${b.toString(16)}, not in the grammar`);
  }
}
