import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects. `native`: every test, with the server's bitmaps. `portable`: the query, HTTP,
 * format, data, api and client tests again with the portable bitmaps (runtime/format/bitmap.ts's
 * import of ./bitmap/native.ts resolved to ./bitmap/portable.ts, as build/portable-bitmaps.mjs
 * does for the client's bundles), so both implementations give the same answers over the real
 * dataset.
 */
const portableBitmaps = { find: /^\.\/bitmap\/native\.ts$/, replacement: path.resolve(import.meta.dirname, 'runtime/format/bitmap/portable.ts') };

export default defineConfig({
  test: {
    // The reliability suite runs on its own (vitest.reliability.config.ts, npm run test:reliability).
    exclude: [...configDefaults.exclude, 'test/reliability/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'native', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        resolve: { alias: [portableBitmaps] },
        test: {
          name: 'portable',
          include: ['test/runtime/format/bitmap.selected.test.ts', 'test/runtime/query/**/*.test.ts', 'test/runtime/http/**/*.test.ts', 'test/runtime/format/*.test.ts', 'test/runtime/data/**/*.test.ts', 'test/runtime/api/**/*.test.ts', 'test/runtime/client/**/*.test.ts'],
          // The server test starts the bundled server (native by construction); the browser tests run bundles (portable by construction).
          exclude: ['test/runtime/http/server.test.ts', 'test/**/*.chromium.test.ts'],
        },
      },
    ],
  },
});
