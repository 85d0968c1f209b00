/**
 * The demo page (runtime/client/demo/, copied beside the bundle as the build does) in headless
 * Chromium: it opens the real dataset lazily from a static server, its service worker caches the
 * version directory, and after the server is gone and the network is off, a reload still shows the
 * page and answers a search with the server's results; a search made before is answered from the
 * client's IndexedDB cache without a request for a version file. A screenshot of that offline
 * answer is kept in test/artifacts/ (gitignored).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { copyDemo } from '../../../build/client-demo.mjs';
import { buildClientBundles, type ClientBundles } from '../../helpers/client-bundle.ts';
import { launchChromium } from '../../helpers/chromium.ts';
import { realApp } from '../../helpers/real-app.ts';
import { staticServer, type StaticServer } from '../../helpers/static-server.ts';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../artifacts');
const versionDir = inject('realDataDir');
let bundles: ClientBundles;
let site: string;
let server: StaticServer;
let browser: Browser;
beforeAll(async () => {
  bundles = await buildClientBundles();
  copyDemo(bundles.dir);
  // The layout RECIPES_SERVE_CLIENT publishes: /client/ (bundle and demo) beside /data/ (the dataset root).
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-demo-'));
  fs.symlinkSync(bundles.dir, path.join(site, 'client'));
  fs.symlinkSync(path.dirname(versionDir), path.join(site, 'data'));
  server = await staticServer(site);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(site, { recursive: true, force: true });
  fs.rmSync(bundles.dir, { recursive: true, force: true });
});

describe('the demo page', () => {
  it('answers a search with the network gone after the first visit, from the version directory its service worker cached', async () => {
    const { app, key } = await realApp();
    const expected = (await (await app.request('/search?query=chocolate+cake&limit=20', { headers: { Authorization: `Bearer ${key}` } })).json()) as { recipes: { title: string }[] };
    const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}client/demo/`);
    await page.waitForSelector('body[data-offline=checked]', { timeout: 60_000 });
    expect(await page.textContent('#status')).toMatch(/offline ready \(\d+ files\)/);
    const search = async () => {
      await page.fill('#search input[name=query]', 'chocolate cake');
      await page.click('#search button');
      await page.waitForSelector('#results li');
      return page.$$eval('#results li strong', (els) => els.map((e) => e.textContent));
    };
    expect(await search()).toEqual(expected.recipes.map((r) => r.title));

    await server.close();
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-offline=checked]', { timeout: 30_000 });
    expect(await page.textContent('#status')).toMatch(/offline ready \(\d+ files\)/);
    // What the page asks for from here on (its service worker would answer it from the Cache API).
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    expect(await search()).toEqual(expected.recipes.map((r) => r.title));
    expect(asked.filter((p) => p.startsWith('/data/'))).toEqual([]);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'demo-offline-search.png') });
    await context.close();
  });
});
