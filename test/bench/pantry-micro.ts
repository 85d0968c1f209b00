/**
 * Micro-benchmark of pantry ranking (not a test): `npx tsx test/bench/pantry-micro.ts [sizes...]`.
 *
 * Synthetic docs (default 100k and 1M): ten staples at realistic rates (salt 40%, onion and oil
 * 30%, water, garlic and pepper 25%, ...), a Zipf tail of 3,000 other ids, 85% English. Compares
 * the bitmap ranking of runtime/query/pantry/rank.ts (bit-sliced counts, SliceCounter) with a
 * typed-array count over the docs of the pantry bitmaps, for 5/10/20-item pantries with and
 * without staples.
 * Prints p50/p99 in ms per configuration (first page of 20; 200 timed queries each, after one
 * untimed pass that also checks both approaches agree).
 */
import { bitmapOf, cardinality, intersect, or, toUint32Array, type Bitmap } from '../../runtime/format/bitmap.ts';
import { mulberry32 } from '../helpers/bitmaps.ts';
import { compareGroups, PantryWorkspace, rankPantry, type PantrySource, type Ranking, type RankRequest } from '../../runtime/query/pantry/rank.ts';

const STAPLES: [string, number][] = [
  ['salt', 0.4], ['onion', 0.3], ['olive-oil', 0.3], ['water', 0.25], ['garlic', 0.25],
  ['black-pepper', 0.25], ['butter', 0.2], ['sugar', 0.2], ['egg', 0.15], ['flour', 0.15],
];
const TAIL = 3000;

interface Synthetic {
  source: PantrySource;
  totalsPerDoc: Uint8Array;
}

function synthesize(n: number): Synthetic {
  const rand = mulberry32(42);
  const docsById = new Map<string, number[]>();
  const add = (id: string, doc: number) => {
    let l = docsById.get(id);
    if (!l) docsById.set(id, (l = []));
    l.push(doc);
  };
  // Zipf(1) over the tail via a cumulative table.
  const cum = new Float64Array(TAIL);
  let s = 0;
  for (let i = 0; i < TAIL; i++) cum[i] = s += 1 / (i + 1);
  const tailPick = () => {
    const x = rand() * s;
    let lo = 0, hi = TAIL - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const totalsPerDoc = new Uint8Array(n);
  const byLang = { en: [] as number[], sv: [] as number[] };
  const seen = new Set<number>();
  for (let doc = 0; doc < n; doc++) {
    let t = 0;
    for (const [id, p] of STAPLES) if (rand() < p) (add(id, doc), t++);
    seen.clear();
    const k = 3 + Math.floor(rand() * 10);
    for (let i = 0; i < k; i++) seen.add(tailPick());
    for (const i of seen) add(`tail-${i}`, doc);
    t += seen.size + (rand() < 0.3 ? 1 : 0); // some lines without an id
    totalsPerDoc[doc] = t;
    (rand() < 0.85 ? byLang.en : byLang.sv).push(doc);
  }
  const bitmaps = new Map([...docsById].map(([id, docs]) => [id, bitmapOf(docs)]));
  const byTotal = new Map<number, number[]>();
  totalsPerDoc.forEach((t, doc) => {
    let l = byTotal.get(t);
    if (!l) byTotal.set(t, (l = []));
    l.push(doc);
  });
  const totals = [...byTotal].sort((a, b) => a[0] - b[0]).map(([total, docs]) => ({ total, docs: bitmapOf(docs) }));
  const langs = new Map([['en', bitmapOf(byLang.en)], ['sv', bitmapOf(byLang.sv)]]);
  const atMostCache = new Map<number, Bitmap>();
  return {
    totalsPerDoc,
    source: {
      ingredient: (id) => bitmaps.get(id),
      language: (code) => langs.get(code),
      totals,
      atMost(t) {
        let b = atMostCache.get(t);
        if (!b) atMostCache.set(t, (b = or(totals.filter((x) => x.total <= t).map((x) => x.docs))));
        return b;
      },
    },
  };
}

/** The alternative: count into a reused typed array over the docs of the pantry bitmaps. */
function typedArrayRank(src: PantrySource, totalsPerDoc: Uint8Array, counts: Uint8Array, buf: Uint32Array, rootBuf: Uint32Array, q: RankRequest): Ranking {
  const own = q.ids.map((id) => src.ingredient(id)).filter((b): b is Bitmap => !!b);
  const lang = src.language(q.language)!;
  const root = toUint32Array(intersect(or(own), lang), rootBuf);
  for (const b of own) {
    const docs = toUint32Array(b, buf.length >= cardinality(b) ? new Uint32Array(buf.buffer, 0, cardinality(b)) : undefined);
    for (let i = 0; i < docs.length; i++) counts[docs[i]!]!++;
  }
  // Histogram of (m, T) over the root only, then collect the page's groups.
  const hist = new Map<number, number>();
  for (let i = 0; i < root.length; i++) {
    const d = root[i]!;
    const key = counts[d]! * 256 + totalsPerDoc[d]!;
    hist.set(key, (hist.get(key) ?? 0) + 1);
  }
  const groups = [...hist].map(([key, size]) => ({ m: key >> 8, t: key & 255, size })).sort(compareGroups);
  const wanted = new Set<number>();
  let seen = 0;
  for (const [i, g] of groups.entries()) {
    // Full-coverage groups tie and interleave: take every pair tying with the last one taken.
    if (seen >= q.offset + q.limit && compareGroups(groups[i - 1]!, g) !== 0) break;
    wanted.add(g.m * 256 + g.t);
    seen += g.size;
  }
  const picked: { doc: number; matched: number; total: number }[] = [];
  for (let i = 0; i < root.length; i++) {
    const d = root[i]!;
    if (wanted.has(counts[d]! * 256 + totalsPerDoc[d]!)) picked.push({ doc: d, matched: counts[d]!, total: totalsPerDoc[d]! });
  }
  picked.sort((a, b) => compareGroups({ m: a.matched, t: a.total }, { m: b.matched, t: b.total }) || a.doc - b.doc);
  for (const b of own) {
    const docs = toUint32Array(b, buf.length >= cardinality(b) ? new Uint32Array(buf.buffer, 0, cardinality(b)) : undefined);
    for (let i = 0; i < docs.length; i++) counts[docs[i]!] = 0;
  }
  return { total: root.length, docs: picked.slice(q.offset, q.offset + q.limit) };
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

function pantries(size: number, withStaples: boolean, count: number, seed: number): string[][] {
  const rand = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const out = new Set<string>(withStaples ? STAPLES.slice(0, Math.min(6, size - 1)).map(([id]) => id) : []);
    while (out.size < size) out.add(`tail-${Math.floor(Math.pow(rand(), 2) * 300)}`);
    return [...out];
  });
}

const sizes = process.argv.slice(2).map(Number).filter((x) => x > 0);
for (const n of sizes.length ? sizes : [100_000, 1_000_000]) {
  const t0 = performance.now();
  const { source, totalsPerDoc } = synthesize(n);
  console.log(`\n${n.toLocaleString('en')} docs (synthesised in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  console.log('pantry                      | bitmap p50 / p99 ms | typed-array p50 / p99 ms | mean total');
  const counts = new Uint8Array(n);
  const buf = new Uint32Array(n);
  const rootBuf = new Uint32Array(n);
  const ws = new PantryWorkspace();
  for (const size of [5, 10, 20]) {
    for (const withStaples of [false, true]) {
      for (const assume of withStaples ? [false] : [false, true]) {
        const list = pantries(size, withStaples, 50, size * 7 + (withStaples ? 1 : 0));
        const request = (ids: string[]): RankRequest => ({ ids, staples: assume ? ['water', 'salt', 'black-pepper'] : [], language: 'en', offset: 0, limit: 20 });
        let totals = 0;
        for (const ids of list) {
          const a = rankPantry(source, ws, request(ids));
          totals += a.total;
          if (assume) continue;
          const b = typedArrayRank(source, totalsPerDoc, counts, buf, rootBuf, request(ids));
          if (b.total !== a.total || b.docs.some((d, j) => d.doc !== a.docs[j]?.doc)) throw new Error('the two rankings disagree');
        }
        // Each approach in its own loop (4 rounds over the 50 pantries = 200 samples).
        const time = (run: (q: RankRequest) => unknown): number[] => {
          const ms: number[] = [];
          for (let round = 0; round < 4; round++) {
            for (const ids of list) {
              const t = performance.now();
              run(request(ids));
              ms.push(performance.now() - t);
            }
          }
          return ms;
        };
        const bitmapMs = time((q) => rankPantry(source, ws, q));
        const typedMs = assume ? [] : time((q) => typedArrayRank(source, totalsPerDoc, counts, buf, rootBuf, q));
        const label = `${size} items${withStaples ? ', 6 staples' : ''}${assume ? ', assumeStaples' : ''}`.padEnd(27);
        const typed = typedMs.length ? `${percentile(typedMs, 50).toFixed(2)} / ${percentile(typedMs, 99).toFixed(2)}` : '-';
        console.log(`${label} | ${`${percentile(bitmapMs, 50).toFixed(2)} / ${percentile(bitmapMs, 99).toFixed(2)}`.padEnd(19)} | ${typed.padEnd(24)} | ${Math.round(totals / list.length)}`);
      }
    }
  }
}
