import { describe, expect, it } from 'vitest';
import { get, makeApp } from '../../helpers/app-fixture.ts';
import { INGREDIENTS_PARAMS, POPULAR_PARAMS, RECIPE_PARAMS, RECIPES_PARAMS } from '../../../runtime/query/params.ts';
import { ROUTED_PATHS } from '../../../runtime/http/create-app.ts';
import { PANTRY_PARAMS } from '../../../runtime/query/pantry/params.ts';
import { SEARCH_PARAMS } from '../../../runtime/query/search/params.ts';

type Doc = { openapi: string; paths: Record<string, { get: { parameters: { name: string; in: string }[]; responses: Record<string, unknown> } }> };

describe('GET /openapi.json', () => {
  it('documents every route and every parameter the parsers accept', async () => {
    const f = makeApp();
    const r = await get(f, '/openapi.json');
    expect(r.status).toBe(200);
    const doc = r.body as Doc;
    expect(doc.openapi).toMatch(/^3\.1\./);
    const documented = Object.keys(doc.paths).sort();
    const routed = ROUTED_PATHS.map((p) => p.replace(/:(\w+)/g, '{$1}')).sort();
    expect(documented).toEqual(routed);
    const names = (path: string) => doc.paths[path]!.get.parameters.filter((p) => p.in === 'query').map((p) => p.name).sort();
    expect(names('/recipes')).toEqual([...RECIPES_PARAMS].sort());
    expect(names('/recipes/{id}')).toEqual([...RECIPE_PARAMS].sort());
    expect(names('/popular')).toEqual([...POPULAR_PARAMS].sort());
    expect(names('/ingredients')).toEqual([...INGREDIENTS_PARAMS].sort());
    expect(names('/pantry')).toEqual([...PANTRY_PARAMS].sort());
    expect(names('/search')).toEqual([...SEARCH_PARAMS].sort());
  });

  it('documents the error statuses of the API routes and resolves every $ref', async () => {
    const f = makeApp();
    const doc = (await get(f, '/openapi.json')).body as Doc & Record<string, unknown>;
    for (const path of ['/recipes', '/recipes/{id}', '/pantry', '/search', '/popular', '/ingredients', '/vocabularies']) {
      const statuses = Object.keys(doc.paths[path]!.get.responses);
      for (const s of ['200', '400', '401', '405', '429', '500']) expect(statuses, path).toContain(s);
    }
    expect(Object.keys(doc.paths['/recipes/{id}']!.get.responses)).toContain('404');
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/[^"]+"/g) ?? [];
    for (const ref of refs) {
      const pointer = ref.slice(10, -1).split('/');
      let node: unknown = doc;
      for (const part of pointer) node = (node as Record<string, unknown>)[part];
      expect(node, ref).toBeDefined();
    }
  });

  it('matches real responses: every documented response header appears on a 200', async () => {
    const f = makeApp();
    const key = await f.newKey();
    const r = await get(f, '/recipes', key);
    expect(r.headers.get('ratelimit')).not.toBeNull();
    expect(r.headers.get('ratelimit-policy')).not.toBeNull();
    expect(Object.keys(r.body).sort()).toEqual(['pagination', 'recipes']);
    expect(Object.keys(r.body.pagination).sort()).toEqual(['limit', 'offset', 'total']);
  });
});
