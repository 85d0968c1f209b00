// esbuild options for the offline client's bundles (build/bundle.mjs writes them to dist/client/;
// the client tests build them into a temporary directory with the same options):
// - index.mjs: one ES module for browsers, web workers, edge runtimes and Node (platform neutral):
//   no `node:` import, no native addon, no WebAssembly; the portable bitmaps (portable-bitmaps.mjs)
//   and no msgpackr (readOnlyMsgpack below);
// - node.mjs: the same exports plus fileSource(dir), for Node (platform node: `node:` imports stay
//   imports), with the same portable bitmaps and no msgpackr, so it needs no node_modules.
// Minified; the budget (150 KB, 50 KB gzipped) is held by test/build/client-bundle-options.test.ts.
import { portableBitmaps } from './portable-bitmaps.mjs';

/**
 * No `msgpackr` at all: the client only reads, with runtime/format/msgpack.ts; the Packr that
 * runtime/format/container.ts builds for the build's writers is a stub here that refuses to write.
 */
const readOnlyMsgpack = {
  name: 'read-only-msgpack',
  setup(b) {
    b.onResolve({ filter: /^msgpackr$/ }, () => ({ path: 'msgpackr', namespace: 'read-only-msgpack' }));
    b.onLoad({ filter: /.*/, namespace: 'read-only-msgpack' }, () => ({
      contents: "export class Packr { pack() { throw new Error('the offline client does not write msgpack'); } }\n",
      resolveDir: process.cwd(),
      loader: 'js',
    }));
  },
};

/** @param {string} outdir */
export function clientBundles(outdir) {
  const common = {
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    outdir,
    outExtension: { '.js': '.mjs' },
    conditions: ['browser'],
    mainFields: ['browser', 'module', 'main'],
    plugins: [portableBitmaps, readOnlyMsgpack],
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  };
  return [
    { ...common, entryPoints: { index: 'runtime/client/index.ts' }, platform: 'neutral' },
    { ...common, entryPoints: { node: 'runtime/client/node.ts' }, platform: 'node' },
  ];
}
