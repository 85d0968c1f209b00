// An esbuild plugin for bundles that must not hold the native `roaring` addon (the offline
// client): it maps runtime/format/bitmap.ts's re-export of ./bitmap/native.ts to
// ./bitmap/portable.ts, so the bundle holds the portable implementation only (see
// runtime/format/bitmap.ts for why the choice is made when bundling).
import path from 'node:path';

export const portableBitmaps = {
  name: 'portable-bitmaps',
  setup(b) {
    b.onResolve({ filter: /^\.\/bitmap\/native\.ts$/ }, (args) => {
      if (path.basename(args.importer) !== 'bitmap.ts') return undefined;
      return { path: path.join(args.resolveDir, 'bitmap', 'portable.ts') };
    });
  },
};
