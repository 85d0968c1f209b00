/**
 * The offline client in lazy mode over HTTP, at a compiled dataset: for each route, a cold client
 * (opened afresh over a loopback static server with Range support) answers its first query; the
 * requests and bytes of opening and of that query are counted. Then warm latencies (the same
 * query again, its bytes at hand) beside the engine's in-process answer.
 *
 *   npx tsx test/bench/client-transfer.ts [<dataset root holding current>]   (default dist/data)
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { answerUrl } from '../../runtime/api/answer.ts';
import { lazyHttpSource, openClient } from '../../runtime/client/index.ts';
import { openDataset } from '../../runtime/data/open.ts';
import { resolveDataDir } from '../../runtime/data/manifest.ts';
import { createEngine } from '../../runtime/query/create-engine.ts';
import { staticServer } from '../helpers/static-server.ts';

export const FIRST_QUERIES = [
  '/recipes?cuisine=italian&limit=20',
  '/recipes/{id}',
  '/pantry?ingredients=rice,garlic,onion',
  '/search?query=chocolate%20cake',
  '/popular?limit=20',
  '/ingredients?q=tom',
  '/vocabularies',
];

export interface TransferRow {
  query: string;
  openRequests: number;
  openBytes: number;
  queryRequests: number;
  queryBytes: number;
  warmMicros: number;
  serverMicros: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function measureTransfer(root: string, iterations = 50): Promise<TransferRow[]> {
  const engine = createEngine(openDataset(resolveDataDir(root)));
  const firstId = (JSON.parse(new TextDecoder().decode(engine.recordJson(0))) as { id: string }).id;
  const server = await staticServer(root);
  const rows: TransferRow[] = [];
  try {
    for (const q0 of FIRST_QUERIES) {
      const q = q0.replace('{id}', firstId);
      const source = lazyHttpSource(server.url);
      const client = await openClient(source);
      const open = { ...source.stats };
      const res = await client.request(q);
      await res.arrayBuffer();
      const url = new URL(q, 'http://localhost/').href;
      const warm: number[] = [];
      const local: number[] = [];
      for (let i = 0; i < iterations; i++) {
        let t = performance.now();
        await (await client.request(q)).arrayBuffer();
        warm.push(performance.now() - t);
        t = performance.now();
        answerUrl(engine, url);
        local.push(performance.now() - t);
      }
      rows.push({
        query: q0,
        openRequests: open.requests,
        openBytes: open.bytes,
        queryRequests: source.stats.requests - open.requests,
        queryBytes: source.stats.bytes - open.bytes,
        warmMicros: Math.round(median(warm) * 1000),
        serverMicros: Math.round(median(local) * 1000),
      });
    }
  } finally {
    await server.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? 'dist/data');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log('| first query (cold client) | open: requests, bytes | query: requests, bytes | warm µs (client / in-process) |');
  console.log('|---|---|---|---|');
  for (const r of await measureTransfer(root)) {
    console.log(`| \`${r.query}\` | ${r.openRequests}, ${kb(r.openBytes)} | ${r.queryRequests}, ${kb(r.queryBytes)} | ${r.warmMicros} / ${r.serverMicros} |`);
  }
}
