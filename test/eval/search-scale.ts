/**
 * Search latency at scale: the real search index replicated to about 1,000,000 synthetic recipes
 * (copy k of doc d is doc d + k·N, with the same terms, frequencies, lengths and language), so
 * term statistics and posting-list lengths grow like a catalogue of similar recipes would.
 *
 *   npx tsx test/eval/search-scale.ts [--data dist/data] [--docs 1000000]
 *
 * Queries: 200 derived from real titles (whole title, first two words, a typo in the longest word,
 * the title with the last word cut to 3 letters). 3 timed runs per query after a warm-up pass;
 * prints p50/p99 (ms, in process, top 10). Needs about 2 GB of memory at 1M docs.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../../runtime/data/manifest.ts';
import { openDataset } from '../../runtime/data/open.ts';
import { createEngine } from '../../runtime/query/create-engine.ts';
import { averageFieldLengths, type SearchIndexData } from '../../runtime/format/search-index.ts';
import { buildSearchIndex } from '../../build/write/search.ts';
import { Searcher } from '../../runtime/query/search/searcher.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: { data: { type: 'string', default: path.join(root, 'dist', 'data') }, docs: { type: 'string', default: '1000000' } },
});

const ds = openDataset(resolveDataDir(values.data!));
const engine = createEngine(ds);
const recipes = Array.from({ length: ds.recipeCount }, (_, d) => engine.record(d));
const base = buildSearchIndex(recipes);

function replicate(ix: SearchIndexData, copies: number): SearchIndexData {
  const N = ix.docCount;
  const F = ix.fields.length;
  const P = ix.docs.length;
  const termStarts = ix.termStarts.map((s) => s * copies);
  const docs = new Uint32Array(P * copies);
  const tfs = new Uint8Array(P * copies * F);
  for (let t = 0; t < ix.terms.length; t++) {
    const start = ix.termStarts[t]!;
    const n = ix.termStarts[t + 1]! - start;
    let at = termStarts[t]!;
    for (let k = 0; k < copies; k++) {
      for (let i = 0; i < n; i++) docs[at + i] = ix.docs[start + i]! + k * N;
      tfs.set(ix.tfs.subarray(start * F, (start + n) * F), at * F);
      at += n;
    }
  }
  const lengths = new Uint16Array(N * copies * F);
  const docLanguage = new Uint8Array(N * copies);
  for (let k = 0; k < copies; k++) {
    lengths.set(ix.lengths, k * N * F);
    docLanguage.set(ix.docLanguage, k * N);
  }
  return { ...ix, docCount: N * copies, termStarts, docs, tfs, lengths, docLanguage, avgFieldLengths: averageFieldLengths(lengths, N * copies, F) };
}

const copies = Math.max(1, Math.round(Number(values.docs) / base.docCount));
let t = performance.now();
const ix = replicate(base, copies);
const searcher = new Searcher(ix);
console.log(`${ix.docCount} docs, ${ix.docs.length} postings, built and loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

let seed = 7;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const queries: string[] = [];
while (queries.length < 200) {
  const title = recipes[Math.floor(rand() * recipes.length)]!.title;
  const words = title.split(/\s+/).filter(Boolean);
  const longest = [...words].sort((a, b) => b.length - a.length)[0] ?? title;
  switch (queries.length % 4) {
    case 0: queries.push(title); break;
    case 1: queries.push(words.slice(0, 2).join(' ')); break;
    case 2: queries.push(title.replace(longest, longest.slice(0, 2) + longest.slice(3))); break;
    default: queries.push([...words.slice(0, -1), (words.at(-1) ?? '').slice(0, 3)].join(' '));
  }
}
for (const q of queries) searcher.search({ query: q, limit: 10 });
const times: number[] = [];
for (const q of queries) {
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    searcher.search({ query: q, limit: 10 });
    times.push(performance.now() - t);
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
console.log(`${queries.length} queries × 3: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (load average ${os.loadavg()[0]!.toFixed(1)}, ${os.cpus().length} CPUs)`);
