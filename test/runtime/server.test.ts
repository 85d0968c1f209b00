/** The server entry as a process: refuses to start without a dataset; SIGTERM drains and exits 0. */
import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildFixture } from '../helpers/fixture-dataset.ts';
import { makeRecipe } from '../helpers/make-recipe.ts';
import { runtimeBundle } from '../../build/bundle-options.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER = join(ROOT, 'runtime/server.ts');

function start(env: Record<string, string>, entry: string[] = ['--import', 'tsx', SERVER]) {
  const child = spawn(process.execPath, entry, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

/** Starts <out>/server.cjs on the fixture, GET /recipes, SIGTERM; returns the `listening` line's codeCache and the total. */
async function serveOnce(fx: { dir: string; root: string }, out: string, nodeArgs: string[] = []): Promise<{ codeCache: unknown; total: number }> {
  const port = String(20000 + Math.floor(Math.random() * 20000));
  // Outside the checkout, packages resolve through NODE_PATH (as from /app/node_modules in the container).
  const env = { RECIPES_DATA: fx.dir, RECIPES_STATE: join(fx.root, 'state'), PORT: port, HOST: '127.0.0.1', NODE_PATH: join(ROOT, 'node_modules') };
  const s = start(env, [...nodeArgs, join(out, 'server.cjs')]);
  const deadline = Date.now() + 20_000;
  while (!s.output().includes('"listening"')) {
    if (Date.now() > deadline || s.child.exitCode !== null) throw new Error(s.output());
    await new Promise((r) => setTimeout(r, 50));
  }
  const res = await fetch(`http://127.0.0.1:${port}/recipes?limit=1`);
  expect(res.status).toBe(200);
  const total = ((await res.json()) as { pagination: { total: number } }).pagination.total;
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);
  const listening = s.output().split('\n').find((l) => l.includes('"listening"'))!;
  return { codeCache: (JSON.parse(listening) as { codeCache?: unknown }).codeCache, total };
}

describe('runtime/server.ts', () => {
  it('refuses to start, exit 1 and no stack, saying to run npm run build, when the dataset is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rdb-nodata-'));
    const s = start({ RECIPES_DATA: dir, RECIPES_STATE: join(dir, 'state'), PORT: '0' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('npm run build');
    expect(s.output()).not.toMatch(/\n\s+at /);
  });

  it('verifies in the background after listening: a corrupt big file means 503 for every request and exit 1', async () => {
    const fx = buildFixture([makeRecipe({ id: 'aaa' }), makeRecipe({ id: 'bbb', title: 'Tomato soup' })]);
    try {
      const file = join(fx.dir, 'search', 'index.bin');
      const bytes = readFileSync(file);
      bytes[bytes.length - 40] = bytes[bytes.length - 40]! ^ 0xff; // same size, valid headers
      writeFileSync(file, bytes);
      const s = start({ RECIPES_DATA: fx.dir, RECIPES_STATE: join(fx.root, 'state'), PORT: '0', HOST: '127.0.0.1' });
      expect(await s.exited).toBe(1);
      expect(s.output()).toContain('"listening"');
      expect(s.output()).toMatch(/dataset verification failed.*search\/index.bin does not match its SHA-256/);
      // RECIPES_VERIFY=full refuses before listening.
      const f = start({ RECIPES_DATA: fx.dir, RECIPES_STATE: join(fx.root, 'state2'), PORT: '0', RECIPES_VERIFY: 'full' });
      expect(await f.exited).toBe(1);
      expect(f.output()).not.toContain('"listening"');
      expect(f.output()).toMatch(/index.bin does not match its SHA-256.*npm run build/);
    } finally {
      fx.cleanup();
    }
  });

  it('refuses an unknown RECIPES_VERIFY value', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rdb-verify-'));
    const s = start({ RECIPES_DATA: dir, RECIPES_STATE: join(dir, 'state'), PORT: '0', RECIPES_VERIFY: 'sometimes' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('RECIPES_VERIFY must be one of full, background, size');
  });

  it.skipIf(!existsSync(join(ROOT, 'dist/data')))('serves, then on SIGTERM stops accepting, drains and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rdb-srv-'));
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const s = start({ RECIPES_STATE: join(dir, 'state'), PORT: port, HOST: '127.0.0.1' });
    const deadline = Date.now() + 20_000;
    while (!s.output().includes('"listening"')) {
      if (Date.now() > deadline) throw new Error(s.output());
      await new Promise((r) => setTimeout(r, 50));
    }
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const list = await fetch(`http://127.0.0.1:${port}/recipes?limit=1`);
    expect(list.status).toBe(200);
    expect(list.headers.get('ratelimit')).toMatch(/^limit=500, remaining=499, reset=\d+$/);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });
  it('runs as the CommonJS bundle that npm run build writes, roaring loaded without node-pre-gyp', async () => {
    const fx = buildFixture([makeRecipe({ id: 'aaa' }), makeRecipe({ id: 'bbb', title: 'Tomato soup' })]);
    try {
      const out = join(fx.root, 'bundle');
      await build({ ...runtimeBundle({ entryPoints: { server: SERVER }, outdir: out }), logLevel: 'silent' });
      const code = readFileSync(join(out, 'server.bundle.cjs'), 'utf8');
      expect(code).not.toContain('require("@mapbox/node-pre-gyp'); // aliased to build/roaring-binding.cjs
      expect(code).not.toMatch(/require\("(lmdb|msgpackr)"\)/); // bundled; their addons found by build/*-binding.cjs
      const first = await serveOnce(fx, out);
      expect(first.codeCache).toBe('missing');
      expect(first.total).toBe(2);
    } finally {
      fx.cleanup();
    }
  });

  it('starts from the V8 code cache its first clean exit wrote, and without it when the cache is stale, damaged or refused', async () => {
    const fx = buildFixture([makeRecipe({ id: 'aaa' }), makeRecipe({ id: 'bbb', title: 'Tomato soup' })]);
    try {
      const out = join(fx.root, 'bundle');
      await build({ ...runtimeBundle({ entryPoints: { server: SERVER }, outdir: out }), logLevel: 'silent' });
      const cache = join(out, 'server.bundle.cjs.v8cache');
      expect(existsSync(cache)).toBe(false);
      expect((await serveOnce(fx, out)).codeCache).toBe('missing');
      expect(existsSync(cache)).toBe(true); // written at the exit after SIGTERM
      const good = readFileSync(cache);
      expect((await serveOnce(fx, out)).codeCache).toBe('accepted');
      expect(readFileSync(cache).equals(good)).toBe(true); // an accepted cache is not rewritten

      // A flipped byte in V8's data: caught by the data's digest (V8 would not notice), then rewritten.
      const damaged = Buffer.from(good);
      damaged[damaged.length - 100] = damaged[damaged.length - 100]! ^ 0xff;
      writeFileSync(cache, damaged);
      expect((await serveOnce(fx, out)).codeCache).toBe('damaged');
      expect((await serveOnce(fx, out)).codeCache).toBe('accepted');

      // Made by a Node with other V8 flags: V8 refuses it, the server compiles from source.
      rmSync(cache);
      expect((await serveOnce(fx, out, ['--stack-size=2000'])).codeCache).toBe('missing');
      expect((await serveOnce(fx, out)).codeCache).toBe('rejected');
      expect((await serveOnce(fx, out)).codeCache).toBe('accepted');

      // Made for other bundle bytes (a rebuild of the same length would fool V8's own check).
      const bundle = join(out, 'server.bundle.cjs');
      const source = readFileSync(bundle, 'utf8');
      writeFileSync(bundle, source.replace('"use strict";', "'use strict';"));
      expect((await serveOnce(fx, out)).codeCache).toBe('stale');
      expect((await serveOnce(fx, out)).codeCache).toBe('accepted');

      // Not a cache at all (a directory there): still serves, and leaves it alone.
      rmSync(cache);
      mkdirSync(cache);
      expect((await serveOnce(fx, out)).codeCache).toBe('missing');
    } finally {
      fx.cleanup();
    }
  });
});
