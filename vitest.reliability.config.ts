import { defineConfig } from 'vitest/config';

// `npm run test:reliability`: attacks `node dist/server.cjs` child processes on loopback (needs
// `npm run build`). One file at a time: they measure memory and latency on a 2-core machine.
export default defineConfig({
  test: {
    include: ['test/reliability/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
