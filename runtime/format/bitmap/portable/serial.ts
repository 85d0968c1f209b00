/**
 * RoaringFormatSpec (https://github.com/RoaringBitmap/RoaringFormatSpec), little-endian:
 *
 *   bitmap     --> cookie, [runFlags], descriptive^N, [offsets^N], container^N
 *   cookie     --> u32 12346, u32 N                  (no run container)
 *                | u16 12347, u16 N − 1              (then runFlags: ⌈N/8⌉ bytes, bit i = container i is a run)
 *   descriptive --> u16 key, u16 cardinality − 1
 *   offsets    --> u32 byte offset of each container (absent when runs are flagged and N < 4)
 *   container  --> u16^card (array, card ≤ 4096) | u64^1024 (bitset) | u16 runs, (u16 start, u16 length − 1)^runs
 *
 * Writing chooses each container's form as the native module's writer does (CRoaring's run
 * optimisation of plain containers, so the bytes are equal): runs only when they are strictly
 * smaller than the plain form (an array up to 4,096 values, else a bitset), whatever form the
 * container had in memory, so equal sets give equal bytes whatever operations built them.
 */
import { ARRAY, ARRAY_MAX, BITSET, Container, RUN, WORDS, arrayContainer, bitsetContainer, runContainer, runCount, toPlain, toRun } from './container.ts';

const NO_RUN_COOKIE = 12346;
const RUN_COOKIE = 12347;
const NO_OFFSET_THRESHOLD = 4;
const BITSET_BYTES = 8192;

/** The container as it is written: run or not, by serialised size. */
function optimised(c: Container): Container {
  // CRoaring's sizes: a run container 2 + 4 bytes per run, an array 2 bytes per value (its
  // count is not counted), a bitset 8 KB.
  const runBytes = 2 + 4 * runCount(c);
  const plainBytes = c.card <= ARRAY_MAX ? 2 * c.card : BITSET_BYTES;
  if (c.kind === RUN) return runBytes < plainBytes ? c : toPlain(c);
  return runBytes < plainBytes ? toRun(c) : c;
}

function byteSize(c: Container): number {
  return c.kind === ARRAY ? 2 * c.card : c.kind === BITSET ? BITSET_BYTES : 2 + 2 * c.values.length;
}

export function serialize(keys: readonly number[], containers: readonly Container[]): Uint8Array {
  const cs = containers.map(optimised);
  const n = cs.length;
  const hasRun = cs.some((c) => c.kind === RUN);
  const head = hasRun ? 4 + Math.ceil(n / 8) + 4 * n + (n >= NO_OFFSET_THRESHOLD ? 4 * n : 0) : 8 + 8 * n;
  const out = new Uint8Array(head + cs.reduce((s, c) => s + byteSize(c), 0));
  const view = new DataView(out.buffer);
  let at: number;
  if (hasRun) {
    view.setUint16(0, RUN_COOKIE, true);
    view.setUint16(2, n - 1, true);
    cs.forEach((c, i) => c.kind === RUN && (out[4 + (i >>> 3)]! |= 1 << (i & 7)));
    at = 4 + Math.ceil(n / 8);
  } else {
    view.setUint32(0, NO_RUN_COOKIE, true);
    view.setUint32(4, n, true);
    at = 8;
  }
  const offsets = !hasRun || n >= NO_OFFSET_THRESHOLD ? at + 4 * n : -1;
  let pos = head;
  cs.forEach((c, i) => {
    view.setUint16(at + 4 * i, keys[i]!, true);
    view.setUint16(at + 4 * i + 2, c.card - 1, true);
    if (offsets >= 0) view.setUint32(offsets + 4 * i, pos, true);
    if (c.kind === RUN) {
      view.setUint16(pos, c.values.length / 2, true);
      pos += 2;
    }
    const src = c.kind === BITSET ? c.words : c.values;
    for (let k = 0; k < src.length; k++) {
      if (c.kind === BITSET) view.setUint32(pos + 4 * k, src[k]!, true);
      else view.setUint16(pos + 2 * k, src[k]!, true);
    }
    pos += byteSize(c) - (c.kind === RUN ? 2 : 0);
  });
  return out;
}

/**
 * Reads portable bytes. `copy` false: containers are typed-array views over `bytes` where their
 * offset is aligned for the element size (the index files align every bitmap to 32 bytes), copies
 * where not; the caller keeps `bytes` unchanged while the bitmap lives.
 */
export function deserialize(bytes: Uint8Array, copy: boolean): { keys: number[]; containers: Container[] } {
  const fail = (why: string): never => {
    throw new Error(`not a portable roaring bitmap: ${why}`);
  };
  if (bytes.length < 4) fail('too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cookie = view.getUint16(0, true);
  let n: number;
  let at: number;
  let runFlags = -1;
  if (cookie === RUN_COOKIE) {
    n = view.getUint16(2, true) + 1;
    runFlags = 4;
    at = 4 + Math.ceil(n / 8);
  } else if (view.getUint32(0, true) === NO_RUN_COOKIE && bytes.length >= 8) {
    n = view.getUint32(4, true);
    at = 8;
  } else return fail('unknown cookie');
  const hasOffsets = runFlags < 0 || n >= NO_OFFSET_THRESHOLD;
  let pos = at + 4 * n + (hasOffsets ? 4 * n : 0);
  if (pos > bytes.length) fail('truncated header');
  const keys: number[] = [];
  const containers: Container[] = [];
  for (let i = 0; i < n; i++) {
    const key = view.getUint16(at + 4 * i, true);
    const card = view.getUint16(at + 4 * i + 2, true) + 1;
    if (hasOffsets) pos = view.getUint32(at + 4 * n + 4 * i, true);
    const isRun = runFlags >= 0 && (bytes[runFlags + (i >>> 3)]! & (1 << (i & 7))) !== 0;
    let c: Container;
    if (isRun) {
      const runs = view.getUint16(pos, true);
      c = runContainer(u16(bytes, pos + 2, 2 * runs, copy));
      pos += 2 + 4 * runs;
    } else if (card > 4096) {
      c = bitsetContainer(u32(bytes, pos, WORDS, copy), card);
      pos += BITSET_BYTES;
    } else {
      c = arrayContainer(u16(bytes, pos, card, copy));
      pos += 2 * card;
    }
    if (pos > bytes.length) fail(`container ${i} overruns the bytes`);
    if (c.card !== card) fail(`container ${i} holds ${c.card} values, not ${card}`);
    keys.push(key);
    containers.push(c);
  }
  return { keys, containers };
}

function u16(bytes: Uint8Array, at: number, length: number, copy: boolean): Uint16Array {
  const start = bytes.byteOffset + at;
  if (start + 2 * length > bytes.byteOffset + bytes.byteLength) return new Uint16Array(0); // caught by the overrun check
  if (!copy && start % 2 === 0) return new Uint16Array(bytes.buffer, start, length);
  return new Uint16Array(copyOf(bytes, at, 2 * length));
}

function u32(bytes: Uint8Array, at: number, length: number, copy: boolean): Uint32Array {
  const start = bytes.byteOffset + at;
  if (start + 4 * length > bytes.byteOffset + bytes.byteLength) return new Uint32Array(0);
  if (!copy && start % 4 === 0) return new Uint32Array(bytes.buffer, start, length);
  return new Uint32Array(copyOf(bytes, at, 4 * length));
}

/** A copy of bytes [at, at + length) in a new ArrayBuffer (not `slice`: on a Node Buffer it shares memory). */
function copyOf(bytes: Uint8Array, at: number, length: number): ArrayBuffer {
  const out = new Uint8Array(length);
  out.set(bytes.subarray(at, at + length));
  return out.buffer;
}
