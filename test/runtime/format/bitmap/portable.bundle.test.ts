/**
 * The client's bundles pick the portable bitmaps: with build/portable-bitmaps.mjs, an esbuild
 * bundle of the query core for a neutral platform holds no `roaring` and no `node:` import (and
 * without the plugin it does import `roaring`, so the check can fail). Sizes are logged for the
 * report; the budget here is for the bitmap module alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { portableBitmaps } from '../../../../build/portable-bitmaps.mjs';

const root = path.resolve(import.meta.dirname, '../../../..');

/** Every module of runtime/format and runtime/query, in subfolders too, all exports kept. */
function coreEntry(): string {
  const walk = (d: string): string[] =>
    fs.readdirSync(path.join(root, d), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${d}/${e.name}`) : e.name.endsWith('.ts') ? [`${d}/${e.name}`] : [],
    );
  // The native implementation is what the portable plugin replaces; it is never bundled for the client.
  const files = ['runtime/format', 'runtime/query'].flatMap(walk).filter((f) => f !== 'runtime/format/bitmap/native.ts');
  return files.map((f, i) => `import * as m${i} from './${f}';`).join('\n') + `\nexport { ${files.map((_, i) => `m${i}`).join(', ')} };`;
}

async function bundle(contents: string, plugins: Plugin[]) {
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: 'entry.ts', loader: 'ts' },
    bundle: true,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: ['roaring'], // kept as an import so the test sees it (bundled, it would pull a native addon)
    plugins,
  });
  const text = result.outputFiles[0]!.text;
  const output = Object.values(result.metafile.outputs)[0]!;
  return { minified: text.length, gzipped: gzipSync(text).length, imports: output.imports.map((i) => i.path), inputs: Object.keys(result.metafile.inputs) };
}

describe('the portable bitmap bundle', () => {
  it('bundles the query core for a neutral platform with no roaring and no node: import', async () => {
    const portable = await bundle(coreEntry(), [portableBitmaps]);
    expect(portable.imports).toEqual([]);
    expect(portable.inputs).toContain('runtime/format/bitmap/portable.ts');
    expect(portable.inputs.filter((i) => /roaring|bitmap\/native\.ts/.test(i))).toEqual([]);
    const native = await bundle(coreEntry(), []);
    expect(native.imports).toContain('roaring');
    console.log(`query core, portable bitmaps: ${portable.minified} B minified, ${portable.gzipped} B gzipped`);
  });

  it('keeps the portable bitmap module small (whole: ≤ 16 KB minified, ≤ 6 KB gzipped)', async () => {
    const whole = await bundle("export * from './runtime/format/bitmap.ts';", [portableBitmaps]);
    const reader = await bundle("export { viewBitmap, toUint32Array, and, page } from './runtime/format/bitmap.ts';", [portableBitmaps]);
    console.log(`bitmap module, portable: ${whole.minified} B minified, ${whole.gzipped} B gzipped; a reader (view, and, page): ${reader.minified} B, ${reader.gzipped} B gzipped`);
    expect(whole.imports).toEqual([]);
    expect(whole.minified).toBeLessThanOrEqual(16_000);
    expect(whole.gzipped).toBeLessThanOrEqual(6_000);
  });
});
