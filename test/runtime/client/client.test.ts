/**
 * The offline client over the real dataset, in process: it opens in full mode and refuses a
 * dataset it cannot trust with an error that names the file and the cause; it answers like the
 * server (the whole corpus: test/runtime/client.differential.test.ts); it sees `current` move and
 * switches; the typed helpers parse the same answers.
 */
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ClientApiError, DatasetError, httpSource, memorySource, openClient } from '../../../runtime/client/index.ts';
import { fileSource } from '../../../runtime/client/node.ts';
import { filesUnder } from '../../helpers/client-files.ts';

const versionDir = inject('realDataDir');
const version = path.basename(versionDir);
let files: Map<string, Uint8Array>;
beforeAll(() => {
  files = filesUnder(versionDir);
});

/** The version directory's files with one changed (or left out: undefined). */
function tampered(p: string, change: (b: Uint8Array) => Uint8Array | undefined): Map<string, Uint8Array> {
  const copy = new Map(files);
  const b = change(Uint8Array.from(copy.get(p)!));
  if (b === undefined) copy.delete(p);
  else copy.set(p, b);
  return copy;
}

describe('openClient', () => {
  it('opens a dataset root through `current` and one version directory alike, at the same version', async () => {
    const fromRoot = await openClient(fileSource(path.dirname(versionDir)));
    const fromVersion = await openClient(memorySource(files));
    expect(fromRoot.version).toBe(version);
    expect(fromVersion.version).toBe(version);
  });

  it('rejects a missing file, a checksum mismatch and an unknown format version, naming the file', async () => {
    await expect(openClient(memorySource(tampered('ids.bin', () => undefined)))).rejects.toThrow(/ids\.bin is missing/);
    const flipped = tampered('records/00000.bin', (b) => {
      b[b.length - 1] = b[b.length - 1]! ^ 1;
      return b;
    });
    await expect(openClient(memorySource(flipped))).rejects.toThrow(/records\/00000\.bin does not match its SHA-256/);
    const manifest = JSON.parse(new TextDecoder().decode(files.get('manifest.json')));
    const future = tampered('manifest.json', () => new TextEncoder().encode(JSON.stringify({ ...manifest, formatVersion: 999 })));
    await expect(openClient(memorySource(future))).rejects.toThrow(/format version 999; this runtime reads version \d+/);
    await expect(openClient(memorySource(new Map()))).rejects.toThrow(DatasetError);
  });

  it('rejects when a fetch fails or a file answers an HTTP error, naming the URL', async () => {
    const failing = httpSource('https://data.example/recipes/', { fetch: async () => Promise.reject(new Error('network down')) });
    await expect(openClient(failing)).rejects.toThrow(/https:\/\/data\.example\/recipes\/current cannot be read: .*network down/);
    const serve = (status: (p: string) => number) =>
      httpSource('https://data.example/v/', {
        fetch: async (input) => {
          const p = new URL(String(input)).pathname.replace('/v/', '');
          const b = files.get(p);
          return status(p) !== 200 || b === undefined ? new Response(null, { status: b === undefined ? 404 : status(p) }) : new Response(b as Uint8Array<ArrayBuffer>);
        },
      });
    await expect(openClient(serve((p) => (p === 'catalog.bin' ? 500 : 200)))).rejects.toThrow(/catalog\.bin cannot be read: .*HTTP 500/);
    const ok = await openClient(serve(() => 200));
    expect(ok.version).toBe(version);
  });
});

describe('Client', () => {
  it('answers the server\'s own paths 404 and other methods as the server does', async () => {
    const client = await openClient(memorySource(files));
    for (const p of ['/healthz', '/docs', '/openapi.json', '/usage']) {
      const res = await client.request(p);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('ENDPOINT_NOT_FOUND');
    }
    const post = await client.request('/recipes', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await client.request('/vocabularies', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('parses answers with the typed helpers and throws the API error of a 4xx', async () => {
    const client = await openClient(memorySource(files));
    const list = await client.recipes({ cuisine: 'italian', limit: 3 });
    expect(list.recipes.length).toBeLessThanOrEqual(3);
    expect(list.recipes.every((r) => r.cuisines?.includes('italian') ?? false)).toBe(true);
    const one = await client.recipe(list.recipes[0]!.id);
    expect(one).toEqual(list.recipes[0]);
    expect((await client.search({ query: 'chocolate cake', limit: 2 })).recipes.length).toBe(2);
    expect((await client.pantry({ ingredients: ['chicken', 'rice'], limit: 2 })).pagination.limit).toBe(2);
    expect((await client.vocabularies()).cuisine).toContain('italian');
    const error = await client.recipes({ limit: 'abc' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientApiError);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_LIMIT' });
  });

  it('sees `current` move to another version and switches to it only when asked', async () => {
    const root = new Map<string, Uint8Array>([['current', new TextEncoder().encode(`${version}\n`)]]);
    for (const [p, b] of files) root.set(`${version}/${p}`, b);
    const client = await openClient(memorySource(root));
    expect(await client.checkForUpdate()).toEqual({ version, latest: version, changed: false });
    // The same files published under another name: a new version directory as far as the client knows.
    for (const [p, b] of files) root.set(`next/${p}`, b);
    root.set('current', new TextEncoder().encode('next'));
    expect(await client.checkForUpdate()).toEqual({ version, latest: 'next', changed: true });
    const before = await (await client.request('/popular?limit=3')).text();
    expect(await client.switch()).toBe(version); // datasetVersion is the content hash: the same files
    expect((await client.checkForUpdate()).changed).toBe(false);
    expect(await (await client.request('/popular?limit=3')).text()).toBe(before);
    // A broken new version is refused and the old one kept.
    root.set('current', new TextEncoder().encode('broken'));
    root.set('broken/manifest.json', new TextEncoder().encode('{'));
    await expect(client.switch()).rejects.toThrow(/broken\/manifest\.json is not valid JSON/);
    expect((await client.request('/popular?limit=3')).status).toBe(200);
  });
});
