// Bundles the runtime (runtime/server.ts and the keys CLI) into dist/ with esbuild; see bundle-options.mjs.
import { build } from 'esbuild';
import { runtimeBundle } from './bundle-options.mjs';

await build(runtimeBundle({ entryPoints: { server: 'runtime/server.ts', keys: 'runtime/keys-cli.ts' }, outdir: 'dist', sourcemap: true }));
console.log('bundled dist/server.cjs, dist/keys.cjs');
