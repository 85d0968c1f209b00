/**
 * The persistent cache in headless Chromium, with its default driver, IndexedDB
 * (runtime/client/cache/indexeddb-driver.ts), the client reading lazily by Range from a static
 * server on loopback: a second page load answers the same queries with no request for a version
 * file; a tampered IndexedDB entry is detected and fetched again, the answers unchanged; with the
 * network off, a new client opens from the cached `current` and manifest and answers what was
 * fetched before; after `current` moves, a page load answers from the new version and the old
 * one's entries leave IndexedDB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildClientBundles, type ClientBundles } from '../../../helpers/client-bundle.ts';
import { launchChromium } from '../../../helpers/chromium.ts';
import { staticServer, type StaticServer } from '../../../helpers/static-server.ts';
import { NEXT, point, twoVersions } from '../../../helpers/two-versions.ts';

const versionDir = inject('realDataDir');
const version = path.basename(versionDir);
const QUERIES = ['/recipes?cuisine=italian&limit=20', '/search?query=chocolate%20cake', '/pantry?ingredients=rice,garlic'];
let bundles: ClientBundles;
let site: StaticServer;
let browser: Browser;
let data: string;
beforeAll(async () => {
  bundles = await buildClientBundles();
  fs.writeFileSync(path.join(bundles.dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>cache</title>\n');
  data = path.join(bundles.dir, 'data');
  twoVersions(data, versionDir);
  site = await staticServer(bundles.dir);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (bundles) fs.rmSync(bundles.dir, { recursive: true, force: true });
});

type ClientModule = typeof import('../../../../runtime/client/index.ts');

/** A page load: the bundle imported, (the network cut, with `offline`), a client opened on data/, the queries answered (status and body text). */
async function load(context: BrowserContext, queries: readonly string[], offline = false): Promise<{ page: Page; version: string; answers: string[] }> {
  const page = await context.newPage();
  await page.goto(`${site.url}index.html`);
  await page.addScriptTag({ type: 'module', content: "import * as client from '/index.mjs'; window.recipeClient = client;" });
  await page.waitForFunction(() => 'recipeClient' in window);
  if (offline) await context.setOffline(true);
  const out = await page.evaluate(async (qs) => {
    const { openClient, httpSource } = (window as unknown as { recipeClient: ClientModule }).recipeClient;
    const client = await openClient(httpSource(`${location.origin}/data/`, { lazy: true }));
    const answers: string[] = [];
    for (const q of qs) {
      const res = await client.request(q);
      answers.push(`${res.status} ${await res.text()}`);
    }
    return { version: client.version, answers };
  }, queries);
  return { page, ...out };
}

/** The keys of the client's IndexedDB database, or, with `flip`, flips a byte in the middle of every entry whose key matches it first. */
function idb(page: Page, flip?: string): Promise<string[]> {
  return page.evaluate(async (pattern) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('recipe-db-client-cache');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = db.transaction(['bytes'], 'readwrite');
    const store = tx.objectStore('bytes');
    const keys = await new Promise<IDBValidKey[]>((resolve) => (store.getAllKeys().onsuccess = (e) => resolve((e.target as IDBRequest<IDBValidKey[]>).result)));
    if (pattern !== undefined) {
      for (const k of keys.filter((k) => new RegExp(pattern).test(String(k)))) {
        store.get(k).onsuccess = (e) => {
          const b = (e.target as IDBRequest<Uint8Array>).result;
          b[b.length >> 1]! ^= 0x55;
          store.put(b, k);
        };
      }
    }
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
    return keys.map(String);
  }, flip);
}

const versionFiles = (from: number) => site.stats.paths.slice(from).filter((p) => p.startsWith('/data/') && !/\/(current|manifest\.json)$/.test(p.split(' ')[0]!));

describe('the persistent cache in Chromium (IndexedDB)', () => {
  it('answers a second page load from IndexedDB with no request for a version file, and a tampered entry is fetched again', async () => {
    const context = await browser.newContext();
    const first = await load(context, QUERIES);
    await first.page.close();
    let from = site.stats.paths.length;
    const second = await load(context, QUERIES);
    expect(second.answers).toEqual(first.answers);
    expect(versionFiles(from)).toEqual([]);

    expect((await idb(second.page, '/records/00000\\.bin#')).length).toBeGreaterThan(0);
    await second.page.close();
    from = site.stats.paths.length;
    const third = await load(context, QUERIES);
    expect(third.answers).toEqual(first.answers);
    expect(versionFiles(from).some((p) => p.includes('/records/'))).toBe(true);
    await third.page.close();

    // Offline: `current` and the manifest from IndexedDB, the rest as before.
    const offline = await load(context, QUERIES, true);
    expect(offline.answers).toEqual(first.answers);
    await context.close();
  });

  it('answers from the version `current` names after it moves, and drops the old version from IndexedDB', async () => {
    const context = await browser.newContext();
    const before = await load(context, QUERIES.slice(0, 1));
    expect(before.version).toBe(version);
    try {
      point(data, NEXT);
      const after = await load(context, QUERIES.slice(0, 1));
      expect(after.version).toBe(NEXT);
      expect(after.answers).toEqual(before.answers);
      const keys = await idb(after.page);
      expect(keys.some((k) => k.includes(`/data/${NEXT}/records/`))).toBe(true);
      expect(keys.filter((k) => k.includes(`/data/${version}/`))).toEqual([]);
    } finally {
      point(data, version);
      await context.close();
    }
  });
});
