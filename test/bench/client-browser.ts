/**
 * The offline client in headless Chromium at a compiled dataset (`npm run bench` writes it to
 * out/client.md; alone: `npx tsx test/bench/client-browser.ts [<dataset root>]`, default dist/data):
 * the bundle's size (minified, gzipped), then per route a cold page (a fresh context: nothing
 * fetched) opening the client in lazy mode over a loopback static server and answering its first
 * query, counting the data requests and bytes the server sent for opening and for the query; the
 * warm latency of the same query in the page beside the engine's in-process answer; then a second
 * page load in the same context (the client's IndexedDB cache) opening and answering it again.
 *
 * Warm latency is timed per batch of requests lasting about BATCH_MS (at least MIN_BATCH
 * requests), the median of WARM_BATCHES batches: a page's performance.now() is coarsened to 0.1 ms
 * (no cross-origin isolation), too coarse to time one request of a tenth of a millisecond.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { answerUrl } from '../../runtime/api/answer.ts';
import { openDataset } from '../../runtime/data/open.ts';
import { resolveDataDir } from '../../runtime/data/manifest.ts';
import { createEngine } from '../../runtime/query/create-engine.ts';
import { buildClientBundles } from '../helpers/client-bundle.ts';
import type { Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { staticServer } from '../helpers/static-server.ts';
import { FIRST_QUERIES } from './client-transfer.ts';

const WARM_BATCHES = 9;
const BATCH_MS = 20;
const MIN_BATCH = 10;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function clientBrowserReport(root: string): Promise<string> {
  // A dataset root (holding `current`) or one version directory: the client opens either.
  const engine = createEngine(openDataset(fs.existsSync(path.join(root, 'manifest.json')) ? root : resolveDataDir(root)));
  const firstId = (JSON.parse(new TextDecoder().decode(engine.recordJson(0))) as { id: string }).id;
  const bundles = await buildClientBundles();
  const index = fs.readFileSync(path.join(bundles.dir, 'index.mjs'));
  fs.writeFileSync(path.join(bundles.dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>bench</title>\n');
  fs.symlinkSync(path.resolve(root), path.join(bundles.dir, 'data'));
  const server = await staticServer(bundles.dir);
  const browser = await launchChromium();
  const lines = [
    `Bundle dist/client/index.mjs: ${kb(index.length)} minified, ${kb(gzipSync(index).length)} gzipped (budget 150 KB, 50 KB).`,
    '',
    `Dataset ${engine.info.datasetVersion} (${engine.info.recipeCount} recipes), Chromium, loopback static server with Range; data requests and bytes as sent by the server; warm: ms per request, the median of ${WARM_BATCHES} batches of about ${BATCH_MS} ms, in the page (request() and reading the body) beside answerUrl in process, the batches of the two alternating; reload: a second page load opening the client and answering the query again (requests for version files, beside \`current\` and manifest.json).`,
    '',
    '| first query (cold page) | open: requests, bytes | query: requests, bytes | total | warm ms: client / in-process | reload: version-file requests |',
    '|---|---|---|---|---|---|',
  ];
  /** Loads the page and imports the bundle into it. */
  const load = async (page: Page) => {
    await page.goto(`${server.url}index.html`);
    await page.addScriptTag({ type: 'module', content: "import * as client from '/index.mjs'; window.recipeClient = client;" });
    await page.waitForFunction(() => 'recipeClient' in window);
  };
  /** Opens the client on /data/ in lazy mode (its default cache: IndexedDB). */
  const open = async (page: Page) => {
    await page.evaluate(async () => {
      const w = window as unknown as { recipeClient: typeof import('../../runtime/client/index.ts'); c: unknown };
      w.c = await w.recipeClient.openClient(w.recipeClient.httpSource(`${location.origin}/data/`, { lazy: true }));
    });
  };
  try {
    for (const q0 of FIRST_QUERIES) {
      const q = q0.replace('{id}', firstId);
      const context = await browser.newContext();
      const page = await context.newPage();
      await load(page);
      const count = () => {
        const data = server.stats.paths.filter((p) => p.startsWith('/data/'));
        return { requests: data.length, bytes: server.stats.bytes };
      };
      const before = count();
      await open(page);
      const opened = count();
      // A first request fetches what the query needs; then batches of the client and of the
      // in-process engine alternate, so that both meet the same load on a shared machine.
      await page.evaluate(async (q) => (await (window as unknown as { c: { request(p: string): Promise<Response> } }).c.request(q)).arrayBuffer(), q);
      const done = count();
      const clientBatch = (n: number) =>
        page.evaluate(async ({ q, n }) => {
          const c = (window as unknown as { c: { request(p: string): Promise<Response> } }).c;
          const t = performance.now();
          for (let i = 0; i < n; i++) await (await c.request(q)).arrayBuffer();
          return performance.now() - t;
        }, { q, n });
      const url = new URL(q, 'http://localhost/').href;
      const localBatch = (n: number) => {
        const t = performance.now();
        for (let i = 0; i < n; i++) answerUrl(engine, url);
        return performance.now() - t;
      };
      const sized = (ms: number) => Math.max(MIN_BATCH, Math.ceil((BATCH_MS * MIN_BATCH) / Math.max(ms, 0.1)));
      const nClient = sized(await clientBatch(MIN_BATCH));
      const nLocal = sized(localBatch(MIN_BATCH));
      const warm: number[] = [];
      const local: number[] = [];
      for (let b = 0; b < WARM_BATCHES; b++) {
        warm.push((await clientBatch(nClient)) / nClient);
        local.push(localBatch(nLocal) / nLocal);
      }
      const reloadFrom = server.stats.paths.length;
      const again = await context.newPage();
      await load(again);
      await open(again);
      await again.evaluate(async (q) => (await (window as unknown as { c: { request(p: string): Promise<Response> } }).c.request(q)).arrayBuffer(), q);
      const reload = server.stats.paths.slice(reloadFrom).filter((p) => p.startsWith('/data/') && !/\/(current|manifest\.json)$/.test(p.split(' ')[0]!)).length;
      await context.close();
      const openReq = opened.requests - before.requests;
      const openBytes = opened.bytes - before.bytes;
      const qReq = done.requests - opened.requests;
      const qBytes = done.bytes - opened.bytes;
      lines.push(`| \`${q0}\` | ${openReq}, ${kb(openBytes)} | ${qReq}, ${kb(qBytes)} | ${openReq + qReq}, ${kb(openBytes + qBytes)} | ${median(warm).toFixed(3)} / ${median(local).toFixed(3)} (×${(median(warm) / median(local)).toFixed(1)}) | ${reload} |`);
    }
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(bundles.dir, { recursive: true, force: true });
  }
  return lines.join('\n') + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await clientBrowserReport(path.resolve(process.argv[2] ?? 'dist/data')));
}
