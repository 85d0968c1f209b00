import type { BuildOptions } from 'esbuild';

/** esbuild options for a runtime bundle (see bundle-options.mjs). */
export function runtimeBundle(o: { entryPoints: Record<string, string>; outdir: string; sourcemap?: boolean }): BuildOptions;
