/**
 * The layers of runtime/ point one way: format (codecs shared with build/) ← data (opens a
 * dataset) ← query (the pure core) ← http. format and query must also run in a browser (the
 * offline client), so neither imports `node:` modules, and query takes only types from data.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../runtime/', import.meta.url));

interface Import {
  /** As written in the file. */
  spec: string;
  /** `import type … from` / `export type … from`: erased, loads nothing at run time. */
  typeOnly: boolean;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

function importsOf(src: string): Import[] {
  const found = src.matchAll(/\b(?:import|export)\s+(type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g);
  return [...found].map((m) => ({ spec: m[2] ?? m[3] ?? m[4] ?? '', typeOnly: m[1] !== undefined }));
}

/**
 * Where an import points: `runtime/<folder or file>` for a relative path inside runtime/, else the
 * package name (`node:fs`, `hono`, `@hono/node-server`) or `outside` (a relative path leaving runtime/).
 */
function targetOf(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
  const rel = relative(ROOT, resolve(dirname(file), spec));
  return rel.startsWith('..') ? 'outside' : `runtime/${rel.split(/[\\/]/)[0]}`;
}

/** A rule says what is wrong with one import of a file in its layer, or nothing. */
type Rule = (target: string, imp: Import) => string | undefined;

const noNode: Rule = (t) => (t.startsWith('node:') ? 'a node: module (the layer must run in a browser)' : undefined);
const noHttp: Rule = (t) => (t === 'runtime/http' || t === 'hono' || t.startsWith('@hono/') ? 'HTTP code' : undefined);

/** Allowed runtime/ targets of a layer; packages are judged by the other rules. */
const onlyFrom =
  (...allowed: string[]): Rule =>
  (t) =>
    (t.startsWith('runtime/') || t === 'outside') && !allowed.includes(t) ? `${t} (a layer above, or outside runtime/)` : undefined;

const LAYERS: { name: string; files: () => string[]; rules: Rule[] }[] = [
  {
    name: 'runtime/format imports nothing from query, data, http or store, and no node: module',
    files: () => filesUnder(join(ROOT, 'format')),
    rules: [onlyFrom('runtime/format'), noNode, noHttp],
  },
  {
    name: 'runtime/data imports only format and itself, and no HTTP code',
    files: () => filesUnder(join(ROOT, 'data')),
    rules: [onlyFrom('runtime/format', 'runtime/data'), noHttp],
  },
  {
    name: 'runtime/query imports only types from data, nothing from http, store or hono, and no node: module',
    files: () => filesUnder(join(ROOT, 'query')),
    rules: [
      onlyFrom('runtime/format', 'runtime/data', 'runtime/query', 'runtime/errors.ts'),
      (t, imp) => (t === 'runtime/data' && !imp.typeOnly ? 'a value from runtime/data (only `import type` may cross)' : undefined),
      noNode,
      noHttp,
    ],
  },
  {
    name: 'runtime/api (the answers the routes and the offline client share) imports only query, format, the error catalogue and Hono\'s URL decoding, and no node: module',
    files: () => filesUnder(join(ROOT, 'api')),
    rules: [
      onlyFrom('runtime/format', 'runtime/data', 'runtime/query', 'runtime/api', 'runtime/errors.ts'),
      (t, imp) => (t === 'runtime/data' && !imp.typeOnly ? 'a value from runtime/data (only `import type` may cross)' : undefined),
      (t, imp) => ((t === 'hono' && imp.spec !== 'hono/utils/url') || t.startsWith('@hono/') ? 'HTTP code (only hono/utils/url, the path decoding, may be shared)' : undefined),
      noNode,
    ],
  },
  {
    name: 'runtime/client imports no HTTP code, and no node: module but in node.ts (its Node entry)',
    files: () => filesUnder(join(ROOT, 'client')).filter((f) => !f.endsWith(`${join('client', 'node.ts')}`)),
    rules: [
      onlyFrom('runtime/format', 'runtime/data', 'runtime/query', 'runtime/api', 'runtime/client', 'runtime/errors.ts'),
      (t, imp) => ((t === 'hono' && imp.spec !== 'hono/utils/url') || t.startsWith('@hono/') ? 'HTTP code (only hono/utils/url, the path decoding, may be shared)' : undefined),
      noNode,
    ],
  },
  {
    name: 'the error catalogue and the store import no HTTP code',
    files: () => [join(ROOT, 'errors.ts'), ...filesUnder(join(ROOT, 'store'))],
    rules: [noHttp],
  },
];

function violations(file: string, src: string, rules: Rule[]): string[] {
  return importsOf(src).flatMap((imp) => {
    const target = targetOf(file, imp.spec);
    return rules.flatMap((rule) => rule(target, imp) ?? []).map((why) => `${relative(ROOT, file)}: '${imp.spec}' is ${why}`);
  });
}

describe('layering of runtime/', () => {
  for (const layer of LAYERS) {
    it(layer.name, () => {
      const files = layer.files();
      expect(files.length).toBeGreaterThan(0);
      expect(files.flatMap((f) => violations(f, readFileSync(f, 'utf8'), layer.rules))).toEqual([]);
    });
  }

  it('each rule reports a file that breaks it', () => {
    const [format, data, query, api, client, errors] = LAYERS.map((l) => l.rules);
    const at = (p: string) => join(ROOT, p);
    const breaks = (file: string, src: string, rules: Rule[] | undefined) => violations(at(file), src, rules!).length;
    expect(breaks('format/x.ts', "import { parseQuery } from '../query/params.ts';", format)).toBe(1);
    expect(breaks('format/text/x.ts', "import type { Dataset } from '../../data/dataset.ts';", format)).toBe(1);
    expect(breaks('format/x.ts', "import fs from 'node:fs';", format)).toBe(1);
    expect(breaks('format/x.ts', "import { Hono } from 'hono';", format)).toBe(1);
    expect(breaks('data/x.ts', "import { listRecipes } from '../query/recipes.ts';", data)).toBe(1);
    expect(breaks('query/x.ts', "import { checked, type Dataset } from '../data/open.ts';", query)).toBe(1);
    expect(breaks('query/pantry/x.ts', "export { openDataset } from '../../data/open.ts';", query)).toBe(1);
    expect(breaks('query/x.ts', "import type {\n  Dataset,\n} from '../data/dataset.ts';", query)).toBe(0);
    expect(breaks('query/x.ts', "import path from 'node:path';", query)).toBe(1);
    expect(breaks('query/x.ts', "import type { AppEnv } from '../http/context.ts';", query)).toBe(2);
    expect(breaks('query/x.ts', "const store = await import('../store/memory.ts');", query)).toBe(1);
    expect(breaks('query/x.ts', "import type { Context } from 'hono';", query)).toBe(1);
    expect(breaks('store/x.ts', "import { apiError } from '../http/errors.ts';", errors)).toBe(1);
    expect(breaks('api/x.ts', "import { getPath } from 'hono/utils/url';", api)).toBe(0);
    expect(breaks('api/x.ts', "import { Hono } from 'hono';", api)).toBe(1);
    expect(breaks('api/x.ts', "import { jsonBytes } from '../http/json.ts';", api)).toBe(1);
    expect(breaks('api/x.ts', "import { openDataset } from '../data/open.ts';", api)).toBe(1);
    expect(breaks('api/x.ts', "import { TextEncoder } from 'node:util';", api)).toBe(1);
    expect(breaks('client/x.ts', "import fs from 'node:fs';", client)).toBe(1);
    expect(breaks('client/x.ts', "import { createApp } from '../http/create-app.ts';", client)).toBe(1);
  });
});
