// esbuild options for the offline client's bundles (build/bundle.mjs writes them to dist/client/;
// the client tests build them into a temporary directory with the same options):
// - index.mjs: one ES module for browsers, web workers, edge runtimes and Node (platform neutral):
//   no `node:` import, no native addon, no WebAssembly; the portable bitmaps (portable-bitmaps.mjs)
//   and msgpackr's plain JavaScript decoder (its `browser`/default build, not the node one that
//   looks for the optional native msgpackr-extract), without its encoder (readOnlyMsgpack below);
// - node.mjs: the same exports plus fileSource(dir), for Node (platform node: `node:` imports stay
//   imports), with the same portable bitmaps and msgpackr build, so it needs no node_modules.
// Minified; the budget (150 KB, 50 KB gzipped) is held by test/build/client-bundle-options.test.ts.
import { portableBitmaps } from './portable-bitmaps.mjs';

/**
 * `msgpackr` as its decoder alone: the client only reads, and the encoder is 17 KB of the bundle
 * (runtime/format/container.ts builds a Packr for the build's writers; here it is a stub that
 * refuses to write).
 */
const readOnlyMsgpack = {
  name: 'read-only-msgpack',
  setup(b) {
    b.onResolve({ filter: /^msgpackr$/ }, () => ({ path: 'msgpackr', namespace: 'read-only-msgpack' }));
    b.onLoad({ filter: /.*/, namespace: 'read-only-msgpack' }, () => ({
      contents: "export { Unpackr } from 'msgpackr/unpack';\nexport class Packr { pack() { throw new Error('the offline client does not write msgpack'); } }\n",
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
