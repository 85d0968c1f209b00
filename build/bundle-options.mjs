// esbuild options for the runtime's bundles: dist/ (build/bundle.mjs) and the benchmark's copies
// (test/bench/run.ts), so the benchmark times what operators run.
//
// One CommonJS file per entry. hono, @hono/node-server and roaring's JavaScript are bundled;
// packages that load native addons or are loaded lazily stay in node_modules and are required
// at run time:
// - lmdb (native) and msgpackr, which lmdb requires too: one CommonJS copy of msgpackr is loaded,
//   not an ESM and a CommonJS one;
// - ioredis, imported only when RECIPES_REDIS_URL is set;
// - roaring's native binary, found by build/roaring-binding.cjs instead of node-pre-gyp.
// CommonJS rather than ESM because Node resolves and links an ES module graph file by file,
// which costed ~25 ms more at start for lmdb alone (Node 20).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** @param {{ entryPoints: Record<string, string>, outdir: string, sourcemap?: boolean }} o */
export function runtimeBundle(o) {
  return {
    entryPoints: o.entryPoints,
    outdir: o.outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['lmdb', 'msgpackr', 'ioredis', 'roaring/package.json', '*.node'],
    alias: { '@mapbox/node-pre-gyp/lib/pre-binding': path.join(here, 'roaring-binding.cjs') },
    sourcemap: o.sourcemap ?? false,
    logLevel: 'warning',
  };
}
