/**
 * The offline client's bundles (build/client-bundle-options.mjs): index.mjs runs anywhere (no
 * `node:` import, no roaring, no WebAssembly compiled at run time) within its budget; node.mjs
 * adds fileSource.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildClientBundles } from '../helpers/client-bundle.ts';

const bundles = await buildClientBundles();
afterAll(() => fs.rmSync(bundles.dir, { recursive: true, force: true }));
const read = (name: string) => fs.readFileSync(path.join(bundles.dir, name));

/** Module specifiers a bundle still imports (static and dynamic). */
const importsOf = (code: string) => [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);

describe('the offline client bundles', () => {
  it('index.mjs stays within 150 KB minified and 50 KB gzipped', () => {
    const code = read('index.mjs');
    expect(code.length).toBeLessThanOrEqual(150 * 1024);
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(50 * 1024);
  });

  it('index.mjs imports nothing (no node: module), holds no roaring and compiles no WebAssembly', () => {
    const code = read('index.mjs').toString('utf8');
    expect(importsOf(code)).toEqual([]);
    expect(code).not.toMatch(/node:/);
    expect(code).not.toMatch(/WebAssembly/);
    expect(bundles.inputs['index.mjs']!.filter((f) => /roaring|bitmap\/native\.ts/.test(f))).toEqual([]);
    expect(bundles.inputs['index.mjs']).toContain('runtime/format/bitmap/portable.ts');
  });

  it('node.mjs imports only node: modules and exports fileSource beside the rest', async () => {
    const code = read('node.mjs').toString('utf8');
    expect(importsOf(code).filter((s) => !s.startsWith('node:'))).toEqual([]);
    expect(bundles.inputs['node.mjs']!.filter((f) => /roaring|bitmap\/native\.ts/.test(f))).toEqual([]);
    const mod = (await import(path.join(bundles.dir, 'node.mjs'))) as Record<string, unknown>;
    for (const name of ['openClient', 'httpSource', 'memorySource', 'fileSource']) expect(typeof mod[name]).toBe('function');
  });
});
