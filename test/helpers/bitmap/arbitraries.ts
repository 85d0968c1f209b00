/**
 * Random value sets for comparing the two bitmap implementations: a few chunks, each empty,
 * sparse (array), dense (bitset), made of long or short runs, or full, at low keys or at the top of the u32
 * range, plus the edge values 0, 65535, 65536 and 2^32 − 1.
 */
import fc from 'fast-check';

const CHUNK = 65536;

const chunkArb = fc.record({
  key: fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constant(65535), fc.integer({ min: 5, max: 65534 })),
  shape: fc.constantFrom('sparse', 'dense', 'runs', 'short runs', 'few short runs', 'full', 'edges', 'empty'),
  seed: fc.integer({ min: 1, max: 2 ** 30 }),
});

export function chunkValues(key: number, shape: string, seed: number): number[] {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const base = key * CHUNK;
  const out: number[] = [];
  if (shape === 'sparse') for (let i = 0, n = 1 + Math.floor(rnd() * 300); i < n; i++) out.push(base + Math.floor(rnd() * CHUNK));
  else if (shape === 'dense') for (let v = 0; v < CHUNK; v++) rnd() < 0.3 && out.push(base + v);
  else if (shape === 'runs')
    for (let i = 0, n = 1 + Math.floor(rnd() * 20); i < n; i++) {
      const start = Math.floor(rnd() * CHUNK);
      for (let v = start; v < Math.min(CHUNK, start + 1 + Math.floor(rnd() * 3000)); v++) out.push(base + v);
    }
  else if (shape === 'short runs')
    // Runs of 2–5 values a few apart (many short runs: run containers, as real ingredient sets give).
    for (let v = Math.floor(rnd() * 1000); v < CHUNK; v += 2 + Math.floor(rnd() * 10)) for (let e = v + 2 + Math.floor(rnd() * 4); v < Math.min(e, CHUNK); v++) out.push(base + v);
  else if (shape === 'few short runs')
    // Up to 200 runs of 1–40 values anywhere: a run container met run by run, two runs often in one 32-bit word.
    for (let i = 0, n = 1 + Math.floor(rnd() * 200); i < n; i++) {
      const start = Math.floor(rnd() * CHUNK);
      for (let v = start; v < Math.min(CHUNK, start + 1 + Math.floor(rnd() * 40)); v++) out.push(base + v);
    }
  else if (shape === 'full') for (let v = 0; v < CHUNK; v++) out.push(base + v);
  else if (shape === 'edges') out.push(base, base + 65535, base + 1, base + 32768);
  return out;
}

/** Sorted distinct values. */
export const valuesArb = fc.array(chunkArb, { maxLength: 4 }).map((chunks) => {
  const set = new Set<number>();
  for (const { key, shape, seed } of chunks) for (const v of chunkValues(key, shape, seed)) set.add(v);
  return [...set].sort((a, b) => a - b);
});

/** Sets inside [0, span): what the query code builds over doc ids (complement, stripes, ranges). */
export const docSetArb = (span: number) =>
  fc.array(fc.record({ key: fc.integer({ min: 0, max: Math.ceil(span / CHUNK) - 1 }), shape: chunkArb.map((c) => c.shape), seed: fc.integer({ min: 1, max: 2 ** 30 }) }), { maxLength: 4 }).map((chunks) => {
    const set = new Set<number>();
    for (const { key, shape, seed } of chunks) for (const v of chunkValues(key, shape, seed)) if (v < span) set.add(v);
    return [...set].sort((a, b) => a - b);
  });
