/** build/bundle-options.mjs: what the runtime bundle holds, and how it finds the native addons it leaves outside. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { runtimeBundle } from '../../build/bundle-options.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('build/bundle-options.mjs', () => {
  it("bundles lmdb and msgpackr, and loads lmdb's addon and msgpackr's native decoder without node-gyp-build-optional-packages", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rdb-bundle-'));
    try {
      writeFileSync(
        join(dir, 'entry.ts'),
        `import * as msgpackr from 'msgpackr';
import { open } from 'lmdb';
const db = open({ path: ${JSON.stringify(join(dir, 'x.mdb'))}, noSubdir: true });
db.putSync('k', { v: 'é' });
const loaded = Object.keys(require.cache).filter((p) => /node-gyp-build|detect-libc/.test(p));
console.log(JSON.stringify({ native: (msgpackr as unknown as { isNativeAccelerationEnabled: boolean }).isNativeAccelerationEnabled, value: db.get('k'), loaded }));
`,
      );
      const out = join(dir, 'out');
      // Outside the checkout, packages resolve through NODE_PATH (as from /app/node_modules in the container).
      await build({ ...runtimeBundle({ entryPoints: { entry: join(dir, 'entry.ts') }, outdir: out }), nodePaths: [join(ROOT, 'node_modules')], logLevel: 'silent' });
      const code = readFileSync(join(out, 'entry.cjs'), 'utf8');
      expect(code).not.toMatch(/require\("(lmdb|msgpackr|msgpackr-extract|node-gyp-build-optional-packages)"\)/);
      const run = spawnSync(process.execPath, [join(out, 'entry.cjs')], { env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') }, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual({ native: true, value: { v: 'é' }, loaded: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives bundled code import.meta.url as the bundle's own file URL, so /docs finds Swagger UI's files from dist/", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rdb-bundle-'));
    try {
      const assets = join(ROOT, 'runtime/http/docs/assets.ts');
      writeFileSync(
        join(dir, 'entry.ts'),
        `import { docsAsset } from ${JSON.stringify(assets)};
console.log(JSON.stringify({ url: import.meta.url, css: docsAsset('swagger-ui.css')?.body.length }));
`,
      );
      const out = join(dir, 'out');
      await build({ ...runtimeBundle({ entryPoints: { entry: join(dir, 'entry.ts') }, outdir: out }), nodePaths: [join(ROOT, 'node_modules')], logLevel: 'silent' });
      const run = spawnSync(process.execPath, [join(out, 'entry.cjs')], { env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') }, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      const css = readFileSync(join(ROOT, 'node_modules/swagger-ui-dist/swagger-ui.css'));
      expect(JSON.parse(run.stdout)).toEqual({ url: `file://${join(out, 'entry.cjs')}`, css: css.length });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
