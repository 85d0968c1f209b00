import type { BuildOptions } from 'esbuild';

/** The esbuild options of the offline client's two bundles, index.mjs and node.mjs, written to `outdir` (see client-bundle-options.mjs). */
export function clientBundles(outdir: string): BuildOptions[];
