/**
 * Lazy mode over HTTP against a plain static server on loopback: the client answers as the
 * server does while fetching only the ranges of the record shard and the search index that the
 * queries read, in few requests; a host without Range support still works (whole file); a host
 * that answers wrong ranges or sizes is refused with the URL named, never answered from.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lazyHttpSource, openClient } from '../../../runtime/client/index.ts';
import { mergeSpans } from '../../../runtime/client/lazy-http-source.ts';
import { FIRST_READ_BYTES } from '../../../runtime/format/bitmap-index.ts';
import { realApp } from '../../helpers/real-app.ts';
import { staticServer, type StaticServer } from '../../helpers/static-server.ts';

const versionDir = inject('realDataDir');
const root = path.dirname(versionDir);
let server: StaticServer;
beforeAll(async () => {
  server = await staticServer(root);
});
afterAll(() => server.close());

const QUERIES = [
  // First, so the catalog is fetched during this run: its densities weigh the cups (issue 22, item 5).
  '/recipes/d256xclpahv4h?units=metric',
  '/recipes?cuisine=italian&limit=20',
  '/recipes?limit=100&offset=300',
  '/search?query=chocolate%20cake',
  '/search?query=Kartoffelsalat&language=de',
  '/pantry?ingredients=rice,garlic,onion',
  '/popular?limit=10',
  '/ingredients?q=tom',
  '/vocabularies',
  '/recipes?cuisine=atlantis',
];

describe('lazyHttpSource', () => {
  it('answers like the server while fetching a small part of the record shard, each query in a few rounds', async () => {
    const { app, key } = await realApp();
    const source = lazyHttpSource(server.url);
    const client = await openClient(source);
    expect(client.version).toBe(path.basename(versionDir));
    for (const q of QUERIES) {
      const ours = await client.request(q);
      const theirs = await app.request(q, { headers: { Authorization: `Bearer ${key}` } });
      expect([q, ours.status, await ours.text()]).toEqual([q, theirs.status, await theirs.text()]);
    }
    const shard = path.join(versionDir, 'records/00000.bin');
    const shardBytes = (await import('node:fs')).statSync(shard).size;
    const shardFetched = server.stats.paths.filter((p) => p.includes('records/'));
    expect(shardFetched.every((p) => p.includes('bytes='))).toBe(true);
    expect(source.stats.bytes).toBeLessThan(shardBytes / 2);
  });

  it('resolves ingredient names and lists a prefix from a few blocks of the catalog, not the whole file; a corrupted block is refused', async () => {
    const { app, key } = await realApp();
    const catalogBytes = (await import('node:fs')).statSync(path.join(versionDir, 'catalog.bin')).size;
    for (const q of ['/pantry?ingredients=rice,garlic,onion', '/ingredients?q=tom', '/recipes?ingredients=tomato&limit=3']) {
      const fetched: number[] = [];
      const source = lazyHttpSource(server.url, {
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          if (String(input).endsWith('/catalog.bin')) fetched.push(Number(res.headers.get('Content-Length')));
          return res;
        },
      });
      const ours = await (await openClient(source)).request(q);
      const theirs = await app.request(q, { headers: { Authorization: `Bearer ${key}` } });
      expect([q, ours.status, await ours.text()]).toEqual([q, theirs.status, await theirs.text()]);
      const sum = fetched.reduce((a, b) => a + b, 0);
      expect(sum, q).toBeGreaterThan(0);
      expect(sum, q).toBeLessThan(Math.min(100 * 1024, catalogBytes / 20));
    }
    const flipped = lazyHttpSource(server.url, {
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if (!String(input).endsWith('/catalog.bin') || res.headers.get('Content-Range')?.startsWith('bytes 0-')) return res;
        const b = new Uint8Array(await res.arrayBuffer());
        b[b.length >> 1]! ^= 1;
        return new Response(b, { status: res.status, headers: res.headers });
      },
    });
    await expect((await openClient(flipped)).request('/ingredients?q=tom')).rejects.toThrow(/catalog\.bin.*does not match its checksum/);
  });

  it('takes the whole file from a host that ignores Range', async () => {
    const plain = await staticServer(root, { noRanges: true });
    try {
      const client = await openClient(lazyHttpSource(plain.url));
      const res = await client.request('/recipes?limit=2');
      expect(res.status).toBe(200);
      expect(plain.stats.paths.filter((p) => p.includes('records/')).length).toBe(1);
    } finally {
      await plain.close();
    }
  });

  it('opens with the manifest and the shard heads alone, fetches a small file whole on first use and refuses it when it does not match its SHA-256', async () => {
    const honest = lazyHttpSource(server.url);
    await openClient(honest);
    expect(honest.stats.bytes).toBeLessThan(100 * 1024);
    const flipped = lazyHttpSource(server.url, {
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if (!String(input).endsWith('/popular.bin')) return res;
        const b = new Uint8Array(await res.arrayBuffer());
        b[b.length - 1]! ^= 1;
        return new Response(b, { status: res.status, headers: res.headers });
      },
    });
    const client = await openClient(flipped);
    expect((await client.request('/recipes?limit=1')).status).toBe(200);
    await expect(client.request('/popular?limit=5')).rejects.toThrow(/popular\.bin does not match its SHA-256 in the manifest/);
  });

  it('reads a bitmap index by its head and the bitmaps a query names, and refuses a changed byte of either', async () => {
    const { app, key } = await realApp();
    const fs = await import('node:fs');
    const file = (f: string) => fs.readFileSync(path.join(versionDir, `index/${f}.bin`));
    // The head: bytes [0, payloadStart + 4), payloadStart the first multiple of 32 after the header (FORMAT.md § 6).
    const headEnd = (f: string) => Math.ceil((12 + file(f).readUInt32LE(8)) / 32) * 32 + 4;
    const cases: [string, string, (sum: number) => void][] = [
      ['/pantry?ingredients=rice,garlic,onion', 'ingredient', (sum) => expect(sum).toBeLessThan(headEnd('ingredient') + 1024 + 3 * 8192)],
      ['/recipes?ingredients=garlic,onion&limit=5', 'ingredient', (sum) => expect(sum).toBeLessThan(headEnd('ingredient') + 1024 + 2 * 8192)],
      // Keys and counts only: the head, in blocks of 1 KiB, and no bitmap.
      ['/vocabularies', 'category', (sum) => expect(sum).toBe(Math.max(FIRST_READ_BYTES, Math.ceil(headEnd('category') / 1024) * 1024))],
    ];
    for (const [q, family, check] of cases) {
      const fetched: number[] = [];
      const source = lazyHttpSource(server.url, {
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          if (String(input).endsWith(`/index/${family}.bin`)) fetched.push(Number(res.headers.get('Content-Length')));
          return res;
        },
      });
      const ours = await (await openClient(source)).request(q);
      const theirs = await app.request(q, { headers: { Authorization: `Bearer ${key}` } });
      expect([q, ours.status, await ours.text()]).toEqual([q, theirs.status, await theirs.text()]);
      const sum = fetched.reduce((x, y) => x + y, 0);
      expect(sum, q).toBeGreaterThan(0);
      expect(sum, q).toBeLessThan(file(family).length / 2);
      check(sum);
    }
    // A small index is read whole in its first read; a large one's bitmaps after its head.
    const flipping = (family: string, head: boolean) =>
      lazyHttpSource(server.url, {
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          const start = Number(/^bytes (\d+)-/.exec(res.headers.get('Content-Range') ?? '')?.[1]);
          if (!String(input).endsWith(`/index/${family}.bin`) || start < headEnd(family) !== head) return res;
          // In the head, magic, version and header length kept: the header's bytes and its checksum's are changed.
          const b = new Uint8Array(await res.arrayBuffer()).map((x, i) => (head && i < 12 ? x : x ^ 1));
          return new Response(b, { status: res.status, headers: res.headers });
        },
      });
    await expect((await openClient(flipping('cuisine', true))).request('/recipes?cuisine=italian')).rejects.toThrow(/index\/cuisine\.bin: header does not match its checksum/);
    await expect((await openClient(flipping('ingredient', false))).request('/recipes?ingredients=garlic')).rejects.toThrow(/index\/ingredient\.bin: the bitmap of "garlic" at \d+ does not match its checksum/);
  });

  it('refuses a range answered with the wrong bytes or a file of another size, naming the URL', async () => {
    const lying = (change: (res: Response) => Response) =>
      lazyHttpSource(server.url, { fetch: async (input, init) => { const res = await fetch(input, init); return new Headers(init?.headers).has('Range') ? change(res) : res; } });
    const shortBody = lying((res) => new Response(new Uint8Array(3), { status: 206, headers: res.headers }));
    await expect(openClient(shortBody)).rejects.toThrow(/\/(records\/00000|search\/index)\.bin answered bytes 0-(\d+) with HTTP 206 bytes 0-\2\/\d+ \(3 bytes\)/);
    const otherSize = lying((res) => new Response(res.body, { status: 206, headers: { 'Content-Range': res.headers.get('Content-Range')!.replace(/\/\d+$/, '/12') } }));
    await expect(openClient(otherSize)).rejects.toThrow(/\/(records\/00000|search\/index)\.bin is 12 bytes, the manifest says \d+/);
  });

  it('fetches spans of one file at most the merge gap apart as one request, and never joins two files', () => {
    const sizes = new Map([['a', 100_000], ['b', 100_000]]);
    const spans = (gap: number) =>
      mergeSpans(
        [
          { path: 'a', start: 0, end: 512 },
          { path: 'a', start: 4608, end: 5000 }, // 4 KiB after the first block
          { path: 'a', start: 20_480, end: 21_000 },
          { path: 'b', start: 5120, end: 5200 },
        ],
        512,
        sizes,
        gap,
      );
    expect(spans(0)).toEqual([
      { path: 'a', start: 0, end: 512 },
      { path: 'a', start: 4608, end: 5120 },
      { path: 'a', start: 20_480, end: 21_504 },
      { path: 'b', start: 5120, end: 5632 },
    ]);
    expect(spans(4096)).toEqual([
      { path: 'a', start: 0, end: 5120 },
      { path: 'a', start: 20_480, end: 21_504 },
      { path: 'b', start: 5120, end: 5632 },
    ]);
    expect(spans(1 << 20)).toEqual([
      { path: 'a', start: 0, end: 21_504 },
      { path: 'b', start: 5120, end: 5632 },
    ]);
  });
});
