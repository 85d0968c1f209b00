/**
 * The offline client in headless Chromium, reading the real dataset lazily over HTTP Range from a
 * plain static server on loopback: the differential corpus of the Node test
 * (test/helpers/client-corpus.ts, several hundred requests over every route) answered in the
 * browser by dist/client/index.mjs (built as the build builds it), with the in-process app's
 * statuses and body bytes (compared by SHA-256, Web Crypto in the page).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildClientBundles, type ClientBundles } from '../helpers/client-bundle.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { clientCorpus } from '../helpers/client-corpus.ts';
import { realApp } from '../helpers/real-app.ts';
import { staticServer, type StaticServer } from '../helpers/static-server.ts';

const versionDir = inject('realDataDir');
let bundles: ClientBundles;
let site: StaticServer;
let browser: Browser;
beforeAll(async () => {
  bundles = await buildClientBundles();
  // The site: the bundle, an empty page, and the dataset root (holding `current`) under data/.
  fs.writeFileSync(path.join(bundles.dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>client</title>\n');
  fs.symlinkSync(path.dirname(versionDir), path.join(bundles.dir, 'data'));
  site = await staticServer(bundles.dir);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (bundles) fs.rmSync(bundles.dir, { recursive: true, force: true });
});

describe('the offline client in Chromium', () => {
  it('answers the differential corpus over every route with the server\'s statuses and body bytes, reading the dataset by Range', async () => {
    const { app, engine, key } = await realApp();
    const corpus = clientCorpus(engine);
    const server: [number, string][] = [];
    for (const p of corpus) {
      const res = await app.request(p, { headers: { Authorization: `Bearer ${key}` } });
      server.push([res.status, createHash('sha256').update(new Uint8Array(await res.arrayBuffer())).digest('hex')]);
    }
    const page = await browser.newPage();
    await page.goto(`${site.url}index.html`);
    // A module script imports the bundle (an import() in the evaluated function would be rewritten by vitest).
    await page.addScriptTag({ type: 'module', content: "import * as client from '/index.mjs'; window.recipeClient = client;" });
    await page.waitForFunction(() => 'recipeClient' in window);
    const out = await page.evaluate(async (requests) => {
      const { openClient, httpSource } = (window as unknown as { recipeClient: typeof import('../../runtime/client/index.ts') }).recipeClient;
      const client = await openClient(httpSource(`${location.origin}/data/`, { lazy: true }));
      const hex = (b: ArrayBuffer) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');
      const answers: [number, string][] = [];
      for (const p of requests) {
        const res = await client.request(p);
        answers.push([res.status, hex(await crypto.subtle.digest('SHA-256', await res.arrayBuffer()))]);
      }
      return { version: client.version, answers, stats: (client.source as unknown as { stats: { requests: number; bytes: number } }).stats };
    }, corpus);
    await page.close();
    expect(out.version).toBe(engine.info.datasetVersion);
    const differing = corpus.filter((_, i) => JSON.stringify(out.answers[i]) !== JSON.stringify(server[i]));
    expect(differing).toEqual([]);
    // Lazily: the record shard came by ranges, never whole.
    const shard = site.stats.paths.filter((p) => p.includes('/records/'));
    expect(shard.length).toBeGreaterThan(0);
    expect(shard.every((p) => / bytes=\d+-\d+$/.test(p))).toBe(true);
    expect(out.stats.bytes).toBeLessThan(fs.statSync(path.join(versionDir, 'records/00000.bin')).size);
  });
});
