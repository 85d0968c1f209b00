/**
 * Known-item relevance and latency of GET /search's engine against Orama, MiniSearch and SQLite
 * FTS5, all indexing the same five fields of the same compiled recipes.
 *
 *   npm run build:data                      (or: npx tsx build/cli.ts --out <dir>/data)
 *   npx tsx test/eval/search-relevance.ts [--data dist/data] [--out test/eval/search-relevance.md]
 *
 * Queries are derived mechanically from the records (recipes drawn by a hash of their id, each
 * query from a seeded stream of its kind and recipe, so that one record's change redraws only its
 * own queries; no hand-written query): for a
 * sample of recipes whose normalised title is unique, one query of each applicable kind; the
 * expected answer is the source recipe. Kinds:
 *   typo      the title with one edit (deletion, swap of neighbours, substitution, insertion) in
 *             its longest word of ≥ 5 letters, at a random position after the first letter
 *   partial   the first two words of a title with ≥ 3 words
 *   reorder   the title's words in reverse order
 *   other     one title word + the recipe's first tag/category/cuisine + its first ingredient name
 *   ingr      the first word of three of its ingredient names
 *   prefix    the title with its last word cut to its first 3–4 letters (search as you type)
 *   zh        a 2–3 character substring of a Chinese title
 *   compound  two nouns of a German title (capitalised words of ≥ 4 letters) written as one word,
 *             as German compounds them ("Kartoffel … Salat" → "Kartoffelsalat"; issue 21 item 7)
 * Metrics: MRR@10 (reciprocal rank of the expected recipe within the top 10, else 0, averaged)
 * and hits@3 (share of queries with it in the top 3). Latency: in-process time of one query
 * returning the top 10, 3 timed runs per query after a warm-up pass over all queries; p50 and p99 over all runs.
 * Nothing here is tuned per query; the generator never looks at any engine's answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { resolveDataDir } from '../../runtime/data/manifest.ts';
import { openDataset } from '../../runtime/data/open.ts';
import { createEngine } from '../../runtime/query/create-engine.ts';
import type { Recipe } from '../../runtime/format/recipe.ts';
import { decodeSearchIndex, encodeSearchIndex } from '../../runtime/format/search-index.ts';
import { normalizeText } from '../../runtime/format/text/normalize.ts';
import { fieldTexts } from '../../build/spill/search-record.ts';
import { buildSearchIndex } from '../../build/write/search.ts';
import { Searcher } from '../../runtime/query/search/searcher.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: path.join(root, 'dist', 'data') },
    out: { type: 'string', default: path.join(root, 'test', 'eval', 'search-relevance.md') },
    sample: { type: 'string', default: '60' },
    /** Comma-separated subset of engines to run: ours, orama, minisearch, fts5. */
    engines: { type: 'string', default: 'ours,orama,minisearch,fts5' },
  },
});

// better-sqlite3 ships no types (and @types/better-sqlite3 is not installed): the few calls used here.
interface Statement { run(...args: unknown[]): unknown; all(...args: unknown[]): unknown[] }
interface SqliteDb { exec(sql: string): void; prepare(sql: string): Statement; transaction(f: () => void): () => void }
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => SqliteDb;

const loadAtStart = os.loadavg()[0]!;

// ---- corpus -------------------------------------------------------------------------------
const ds = openDataset(resolveDataDir(values.data!));
const engine = createEngine(ds);
const recipes: Recipe[] = [];
for (let d = 0; d < ds.recipeCount; d++) recipes.push(engine.record(d));
const FIELDS = ['title', 'ingredients', 'labels', 'description', 'instructions'] as const;
const docs = recipes.map((r, i) => {
  const [title, ingredients, labels, description, instructions] = fieldTexts(r);
  return { id: String(i), title: title!, ingredients: ingredients!, labels: labels!, description: description!, instructions: instructions! };
});

// ---- queries --------------------------------------------------------------------------------
// Which recipes get queries: the first of an order by a hash of the recipe id (one order per draw),
// so a recipe's place does not depend on the others. Each query is then drawn from a seeded stream
// of its own (by kind and recipe id): a recipe that gains a cuisine changes its own `other` query
// only, and adding or changing a recipe redraws no other recipe's queries.
type Rand = () => number;
const SEED = 20261122;
const prng = (s: number): Rand => () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const fnv1a = (text: string) => [...text].reduce((h, ch) => Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0, 2166136261);
const streamOf = (name: string): Rand => prng((SEED ^ fnv1a(name)) >>> 0);
const pick = <T>(xs: readonly T[], rand: Rand): T => xs[Math.floor(rand() * xs.length)]!;
const firstOf = (draw: string, docs: readonly number[], n: number): number[] => {
  const rank = (d: number) => fnv1a(`${draw}:${recipes[d]!.id}`);
  return [...docs].sort((a, b) => rank(a) - rank(b) || (recipes[a]!.id < recipes[b]!.id ? -1 : 1)).slice(0, n).sort((a, b) => a - b);
};
const HAN = /\p{Script=Han}/u;
const words = (s: string) => s.split(/[^\p{L}\p{N}']+/u).filter((w) => w.length > 0);

interface Query { kind: string; text: string; doc: number }
const titleCount = new Map<string, number>();
for (const r of recipes) titleCount.set(normalizeText(r.title), (titleCount.get(normalizeText(r.title)) ?? 0) + 1);
const unique = recipes.map((_, d) => d).filter((d) => titleCount.get(normalizeText(recipes[d]!.title)) === 1);
const latin = unique.filter((d) => !HAN.test(recipes[d]!.title));
const chinese = unique.filter((d) => HAN.test(recipes[d]!.title) && Array.from(recipes[d]!.title).length >= 3);

function typo(w: string, rand: Rand): string {
  const c = Array.from(w);
  const i = 1 + Math.floor(rand() * (c.length - 1));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(rand() * 26)]!;
  switch (Math.floor(rand() * 4)) {
    case 0: c.splice(i, 1); break;
    case 1: if (i + 1 < c.length) [c[i], c[i + 1]] = [c[i + 1]!, c[i]!]; else c.splice(i, 1); break;
    case 2: c[i] = letter; break;
    default: c.splice(i, 0, letter);
  }
  return c.join('');
}

const queries: Query[] = [];
const sampleSize = Number(values.sample);
for (const doc of firstOf('latin', latin, sampleSize)) {
  const r = recipes[doc]!;
  const rand = (kind: string) => streamOf(`${kind}:${r.id}`);
  const tw = words(r.title);
  const longest = [...tw].sort((a, b) => b.length - a.length)[0];
  if (longest && longest.length >= 5) queries.push({ kind: 'typo', doc, text: r.title.replace(longest, typo(longest, rand('typo'))) });
  if (tw.length >= 3) queries.push({ kind: 'partial', doc, text: tw.slice(0, 2).join(' ') });
  if (tw.length >= 2) queries.push({ kind: 'reorder', doc, text: [...tw].reverse().join(' ') });
  const label = [...r.tags, ...r.categories, ...r.cuisines][0];
  const ingr = r.ingredients[0]?.name;
  if (tw.length >= 1 && label && ingr) queries.push({ kind: 'other', doc, text: `${pick(tw, rand('other'))} ${label.replace(/-/g, ' ')} ${ingr}` });
  const names = r.ingredients.map((i) => words(i.name)[0]).filter((x): x is string => !!x);
  if (names.length >= 3) queries.push({ kind: 'ingr', doc, text: names.slice(0, 3).join(' ') });
  const last = tw.at(-1);
  if (tw.length >= 2 && last && last.length >= 5) queries.push({ kind: 'prefix', doc, text: [...tw.slice(0, -1), last.slice(0, 3 + Math.floor(rand('prefix')() * 2))].join(' ') });
}
for (const doc of firstOf('zh', chinese, 40)) {
  const rand = streamOf(`zh:${recipes[doc]!.id}`);
  const chars = Array.from(recipes[doc]!.title.replace(/[^\p{Script=Han}]/gu, ''));
  if (chars.length < 2) continue;
  const n = Math.min(chars.length, 2 + Math.floor(rand() * 2));
  const at = Math.floor(rand() * (chars.length - n + 1));
  queries.push({ kind: 'zh', doc, text: chars.slice(at, at + n).join('') });
}

const german = recipes.flatMap((r, doc) => (r.language === 'de' ? [doc] : []));
for (const doc of firstOf('de', german, 40)) {
  const nouns = (recipes[doc]!.title.match(/\p{Lu}\p{Ll}{3,}/gu) ?? []).slice(0, 2);
  if (nouns.length === 2) queries.push({ kind: 'compound', doc, text: nouns[0]! + nouns[1]!.toLowerCase() });
}

// ---- engines --------------------------------------------------------------------------------
type Run = (q: string) => number[];
const TOP = 10;

function ours(): Run {
  const s = new Searcher(decodeSearchIndex(encodeSearchIndex(buildSearchIndex(recipes)), 'search/index.bin'));
  return (q) => s.search({ query: q, limit: TOP }).map((h) => h.doc);
}

function minisearch(): Run {
  const ms = new MiniSearch({ fields: [...FIELDS], idField: 'id', searchOptions: { fuzzy: 0.2, prefix: true, boost: { title: 2 } } });
  ms.addAll(docs);
  return (q) => ms.search(q).slice(0, TOP).map((r) => Number(r.id));
}

async function orama(): Promise<Run> {
  const db = create({ schema: { title: 'string', ingredients: 'string', labels: 'string', description: 'string', instructions: 'string' } as const });
  await insertMultiple(db, docs.map((d) => ({ ...d })));
  return (q) => {
    const r = oramaSearch(db, { term: q, limit: TOP }) as { hits: { id: string }[] };
    return r.hits.map((h) => Number(h.id));
  };
}

function fts5(): Run {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE r USING fts5(${FIELDS.join(', ')}, tokenize = 'unicode61 remove_diacritics 2')`);
  const insert = db.prepare(`INSERT INTO r(rowid, ${FIELDS.join(', ')}) VALUES (?, ?, ?, ?, ?, ?)`);
  db.transaction(() => docs.forEach((d, i) => insert.run(i, d.title, d.ingredients, d.labels, d.description, d.instructions)))();
  // Column weights as ours (title 4 > ingredients 2 > labels 1.5 > description 1 > instructions 0.6);
  // terms ORed (implicit AND would drop every typo query), the last one as a prefix.
  const stmt = db.prepare(`SELECT rowid FROM r WHERE r MATCH ? ORDER BY bm25(r, 4, 2, 1.5, 1, 0.6) LIMIT ${TOP}`);
  return (q) => {
    const terms = words(q).map((w) => `"${w.replace(/"/g, '""')}"`);
    if (terms.length === 0) return [];
    terms[terms.length - 1] += '*';
    return (stmt.all(terms.join(' OR ')) as { rowid: number }[]).map((r) => r.rowid);
  };
}

// ---- measure --------------------------------------------------------------------------------
interface Score { mrr: number; hits3: number; n: number }
function evaluate(run: Run) {
  const byKind = new Map<string, Score>();
  const times: number[] = [];
  const add = (k: string, rr: number, h: number) => {
    const s = byKind.get(k) ?? { mrr: 0, hits3: 0, n: 0 };
    s.mrr += rr; s.hits3 += h; s.n++;
    byKind.set(k, s);
  };
  for (const q of queries) run(q.text); // warm-up pass (JIT, caches), the same for every engine
  for (const q of queries) {
    const got = run(q.text);
    for (let i = 0; i < 3; i++) {
      const t = process.hrtime.bigint();
      run(q.text);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const rank = got.indexOf(q.doc);
    const rr = rank >= 0 && rank < TOP ? 1 / (rank + 1) : 0;
    add(q.kind, rr, rank >= 0 && rank < 3 ? 1 : 0);
    add('all', rr, rank >= 0 && rank < 3 ? 1 : 0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { byKind, p50: q(0.5), p99: q(0.99) };
}

const ENGINES: [string, string, () => Run | Promise<Run>][] = [
  ['ours', 'ours (BM25F)', ours],
  ['orama', 'Orama 3 (defaults)', orama],
  ['minisearch', 'MiniSearch 7 (fuzzy 0.2, prefix, title×2)', minisearch],
  ['fts5', 'SQLite FTS5 (unicode61, bm25 weights)', fts5],
];
const wanted = new Set(values.engines!.split(','));
const engines: [string, Run][] = [];
const buildMs: number[] = [];
for (const [key, name, make] of ENGINES) {
  if (!wanted.has(key)) continue;
  const t = performance.now();
  engines.push([name, await make()]);
  buildMs.push(performance.now() - t);
}

const kinds = ['all', 'typo', 'partial', 'reorder', 'other', 'ingr', 'prefix', 'zh', 'compound'];
const results = engines.map(([name, run]) => ({ name, ...evaluate(run) }));
const counts = kinds.map((k) => `${k} ${results[0]!.byKind.get(k)?.n ?? 0}`).join(', ');
const f = (x: number) => x.toFixed(3);
const lines = [
  '# Search relevance: known-item queries',
  '',
  `Generated by \`npx tsx test/eval/search-relevance.ts\` over ${recipes.length} compiled recipes ` +
    `(dataset ${ds.manifest.datasetVersion}); ${queries.length} queries (${counts}). ` +
    'See the script header for how queries are derived and measured.',
  '',
  `Host: ${os.cpus().length} CPUs, Node ${process.version}, load average ${loadAtStart.toFixed(1)} when the run started ` +
    '(a shared machine: absolute latencies vary between runs; compare engines within one run).',
  '',
  '| engine | MRR@10 | hits@3 | p50 ms | p99 ms | index build ms |',
  '|---|---|---|---|---|---|',
  ...results.map((r, i) => {
    const a = r.byKind.get('all')!;
    return `| ${r.name} | ${f(a.mrr / a.n)} | ${f(a.hits3 / a.n)} | ${r.p50.toFixed(3)} | ${r.p99.toFixed(3)} | ${buildMs[i]!.toFixed(0)} |`;
  }),
  '',
  'MRR@10 by query kind:',
  '',
  `| engine | ${kinds.slice(1).join(' | ')} |`,
  `|---|${kinds.slice(1).map(() => '---').join('|')}|`,
  ...results.map((r) => `| ${r.name} | ${kinds.slice(1).map((k) => { const s = r.byKind.get(k); return s ? f(s.mrr / s.n) : '–'; }).join(' | ')} |`),
  '',
];
const md = lines.join('\n');
console.log(md);
fs.writeFileSync(values.out!, md);
if (process.env.SHOW_MISSES) {
  const run = engines[0]![1];
  for (const q of queries) run(q.text); // warm-up pass (JIT, caches), the same for every engine
  for (const q of queries) {
    const got = run(q.text);
    const rank = got.indexOf(q.doc);
    if (rank < 0 || rank >= 3) console.error(q.kind, JSON.stringify(q.text), '→', JSON.stringify(recipes[q.doc]!.title), 'rank', rank, 'top:', got.slice(0, 2).map((d) => recipes[d]!.title).join(' | '));
  }
}
