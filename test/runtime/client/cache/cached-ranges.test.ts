/**
 * The persistent cache under the lazy source (runtime/client/cache/cached-ranges.ts), in Node with
 * the memory driver standing in for IndexedDB (the Chromium test, cache.chromium.test.ts, runs the
 * IndexedDB driver): a second source over the same cache answers with no request for a version
 * file; a corrupted entry (a record block, a block of a file checked whole) is dropped and fetched
 * again, never answered from; after `current` moves, the new version answers and the old one's
 * blocks leave the cache.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lazyHttpSource, openClient } from '../../../../runtime/client/index.ts';
import { memoryDriver, type MemoryDriver } from '../../../../runtime/client/cache/memory-driver.ts';
import { staticServer, type StaticServer } from '../../../helpers/static-server.ts';
import { NEXT, point, twoVersions } from '../../../helpers/two-versions.ts';

const versionDir = inject('realDataDir');
const version = path.basename(versionDir);
const QUERIES = ['/recipes?cuisine=italian&limit=20', '/search?query=chocolate%20cake', '/popular?limit=5', '/pantry?ingredients=rice,garlic'];
let root: string;
let server: StaticServer;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-db-cache-'));
  twoVersions(root, versionDir);
  server = await staticServer(root);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The data requests the server saw from `from` on, other than `current` and manifest.json. */
const versionRequests = (from: number) => server.stats.paths.slice(from).filter((p) => !/\/(current|manifest\.json)$/.test(p.split(' ')[0]!));

async function answers(cache: MemoryDriver): Promise<string[]> {
  const client = await openClient(lazyHttpSource(server.url, { cache }));
  return Promise.all(QUERIES.map(async (q) => `${(await client.request(q)).status} ${await (await client.request(q)).text()}`));
}

/** Flips a byte in the middle of every cached entry whose key matches. */
function corrupt(cache: MemoryDriver, key: RegExp): number {
  let n = 0;
  for (const [k, e] of cache.entries) {
    if (!key.test(k)) continue;
    e.bytes[e.bytes.length >> 1]! ^= 0x55;
    n++;
  }
  return n;
}

describe('the persistent cache of a lazy source', () => {
  it('answers a second page load from the cache with no request for a version file, the same bytes', async () => {
    const cache = memoryDriver();
    const first = await answers(cache);
    const from = server.stats.paths.length;
    expect(await answers(cache)).toEqual(first);
    expect(versionRequests(from)).toEqual([]);
    expect(server.stats.paths.slice(from).length).toBe(2);
  });

  it('drops a corrupted record block, search block or bitmap index block and fetches it again, answering as before', async () => {
    const cache = memoryDriver();
    const first = await answers(cache);
    expect(corrupt(cache, /\/(records|search|index)\//)).toBeGreaterThan(0);
    const from = server.stats.paths.length;
    expect(await answers(cache)).toEqual(first);
    expect(versionRequests(from).some((p) => p.includes('records/'))).toBe(true);
    // What was fetched again replaced the corrupt entries: a third load asks nothing.
    const again = server.stats.paths.length;
    expect(await answers(cache)).toEqual(first);
    expect(versionRequests(again)).toEqual([]);
  });

  it('fetches a small file again when its cached blocks do not match the manifest SHA-256', async () => {
    const cache = memoryDriver();
    const first = await answers(cache);
    expect(corrupt(cache, /\/popular\.bin#/)).toBeGreaterThan(0);
    const from = server.stats.paths.length;
    expect(await answers(cache)).toEqual(first);
    expect(versionRequests(from)).toEqual([`/${version}/popular.bin bytes=0-${fs.statSync(path.join(versionDir, 'popular.bin')).size - 1}`]);
  });

  it('answers from the version `current` names after it moves, and lets the old version leave the cache', async () => {
    const cache = memoryDriver();
    const source = lazyHttpSource(server.url, { cache });
    const client = await openClient(source);
    await client.request(QUERIES[0]!);
    expect([...cache.entries.keys()].some((k) => k.includes(`/${version}/`))).toBe(true);
    try {
      point(root, NEXT);
      expect(await client.checkForUpdate()).toMatchObject({ changed: true, latest: NEXT });
      expect(await client.switch()).toBe(NEXT);
      const res = await client.request(QUERIES[0]!);
      expect(res.status).toBe(200);
      expect([...cache.entries.keys()].some((k) => k.includes(`/${version}/`))).toBe(false);
      expect([...cache.entries.keys()].some((k) => k.includes(`/${NEXT}/records/`))).toBe(true);
      // A fresh page load opens `next` too, the moved `current` read from the network.
      expect((await openClient(lazyHttpSource(server.url, { cache }))).version).toBe(NEXT);
    } finally {
      point(root, version);
    }
  });

  it('opens from the cached `current` and manifest when the network is gone, and answers what was fetched before', async () => {
    const cache = memoryDriver();
    const first = await answers(cache);
    const offline = lazyHttpSource('http://127.0.0.1:9/unreachable/', { cache, fetch: () => Promise.reject(new TypeError('fetch failed')) });
    // Another location: nothing cached for it, so the failure is named.
    await expect(openClient(offline)).rejects.toThrow(/unreachable\/current cannot be read: .*fetch failed/);
    const cut = lazyHttpSource(server.url, { cache, fetch: () => Promise.reject(new TypeError('fetch failed')) });
    const client = await openClient(cut);
    expect(client.version).toBe(version);
    expect(await Promise.all(QUERIES.map(async (q) => `${(await client.request(q)).status} ${await (await client.request(q)).text()}`))).toEqual(first);
  });
});
