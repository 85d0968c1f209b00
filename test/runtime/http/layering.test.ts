import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../runtime/', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

function importsOf(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );
}

describe('layering', () => {
  it('no file under runtime/query imports hono or runtime/http', () => {
    const files = filesUnder(join(ROOT, 'query'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      for (const spec of importsOf(file)) {
        expect(spec, file).not.toMatch(/^hono(\/|$)|^@hono\//);
        expect(spec, file).not.toMatch(/(^|\/)http(\/|$)/);
      }
    }
  });

  it('the error catalogue and the store import no HTTP code either', () => {
    for (const file of [join(ROOT, 'errors.ts'), ...filesUnder(join(ROOT, 'store'))]) {
      for (const spec of importsOf(file)) expect(spec, file).not.toMatch(/^hono|^@hono\/|(^|\/)http\//);
    }
  });
});
