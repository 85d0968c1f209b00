// Bundles the runtime (runtime/server.ts and the keys CLI) into dist/ with esbuild.
// Packages stay external: roaring and lmdb are native addons and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'runtime/server.ts', keys: 'runtime/keys-cli.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('bundled dist/server.mjs, dist/keys.mjs');
