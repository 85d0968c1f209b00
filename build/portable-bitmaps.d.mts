import type { Plugin } from 'esbuild';

/** Maps runtime/format/bitmap.ts's native implementation to the portable one (see portable-bitmaps.mjs). */
export const portableBitmaps: Plugin;
