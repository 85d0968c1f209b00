/**
 * The server publishing the offline client (RECIPES_SERVE_CLIENT): the dataset root and the
 * client's files as a static host serves them (Range, ETag, immutable version files), and the
 * lazy client reading the dataset through it answers as the app does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { lazyHttpSource, openClient } from '../../../runtime/client/index.ts';
import { parseRange, publishFiles } from '../../../runtime/http/publish.ts';
import { realApp } from '../../helpers/real-app.ts';

const versionDir = inject('realDataDir');
const version = path.basename(versionDir);
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-publish-'));
fs.mkdirSync(path.join(clientDir, 'demo'));
fs.writeFileSync(path.join(clientDir, 'index.mjs'), 'export const x = 1;\n');
fs.writeFileSync(path.join(clientDir, 'demo', 'index.html'), '<!doctype html><title>demo</title>\n');
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

const publish = publishFiles({ dataRoot: path.dirname(versionDir), clientDir });
const get = async (p: string, headers: Record<string, string> = {}, method = 'GET') => (await publish(new Request(`http://localhost${p}`, { headers, method })))!;

describe('publishFiles', () => {
  it('leaves every other path to the app', async () => {
    expect(await publish(new Request('http://localhost/recipes'))).toBeUndefined();
    expect(await publish(new Request('http://localhost/datas/current'))).toBeUndefined();
  });

  it('serves `current` revalidated and a version file immutable, with an ETag that answers 304', async () => {
    const current = await get('/data/current');
    expect(current.headers.get('Cache-Control')).toBe('no-cache');
    expect((await current.text()).trim()).toBe(version);
    const manifest = await get(`/data/${version}/manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await manifest.text()).toBe(fs.readFileSync(path.join(versionDir, 'manifest.json'), 'utf8'));
    const again = await get(`/data/${version}/manifest.json`, { 'If-None-Match': manifest.headers.get('ETag')! });
    expect(again.status).toBe(304);
  });

  it('answers one byte range 206 with Content-Range, a range past the end 416, HEAD without a body', async () => {
    const file = path.join(versionDir, 'records/00000.bin');
    const bytes = fs.readFileSync(file);
    const part = await get(`/data/${version}/records/00000.bin`, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await get(`/data/${version}/records/00000.bin`, { Range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    expect((await get(`/data/${version}/records/00000.bin`, { Range: `bytes=${bytes.length}-` })).status).toBe(416);
    const head = await get(`/data/${version}/records/00000.bin`, {}, 'HEAD');
    expect([head.status, head.headers.get('Content-Length'), await head.text()]).toEqual([200, String(bytes.length), '']);
    expect(parseRange('bytes=0-1,5-6', 10)).toBeUndefined();
  });

  it('serves the client and its demo, refuses paths that leave the directory, 405 on other methods', async () => {
    expect(await (await get('/client/index.mjs')).text()).toContain('export');
    expect((await get('/client/index.mjs')).headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(await (await get('/client/demo/')).text()).toContain('<title>demo</title>');
    // '/client/../package.json' (or %2E%2E) is '/package.json' once the URL is parsed: the app's, not ours.
    for (const p of ['/client/../package.json', '/client/%2E%2E/package.json']) expect(await publish(new Request(`http://localhost${p}`))).toBeUndefined();
    for (const p of ['/client/a%2F..%2F..%2Fpackage.json', '/data/..%2F..%2Fetc/passwd', '/data/%ZZ', '/client/nope.js']) {
      const res = await get(p);
      expect([p, res.status]).toEqual([p, 404]);
      expect((await res.json()).error.code).toBe('ENDPOINT_NOT_FOUND');
    }
    expect((await get('/data/current', {}, 'POST')).status).toBe(405);
  });

  it('is a host the lazy client reads: its answers equal the app\'s', async () => {
    const { app, key } = await realApp();
    const client = await openClient(lazyHttpSource('http://localhost/data/', { fetch: async (input, init) => (await publish(new Request(input, init)))! }));
    for (const q of ['/recipes?cuisine=italian&limit=20', '/search?query=tomato', '/recipes?facets=cuisine&limit=3']) {
      const ours = await client.request(q);
      const theirs = await app.request(q, { headers: { Authorization: `Bearer ${key}` } });
      expect([q, ours.status, await ours.text()]).toEqual([q, theirs.status, await theirs.text()]);
    }
  });
});
