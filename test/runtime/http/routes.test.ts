import { beforeEach, describe, expect, it } from 'vitest';
import { get, makeApp, type Fixture } from './app-fixture.ts';
import { COURSES, CUISINES, DIETS } from '../../../runtime/format/vocabulary.ts';

let f: Fixture;
let key: string;
beforeEach(async () => {
  f = makeApp();
  key = await f.newKey();
});

describe('unknown paths and methods', () => {
  it('answers 404 "No such endpoint. See /docs for the available routes." for an unmatched path', async () => {
    for (const path of ['/', '/recipe', '/recipes/a/b', '/RECIPES', '/recipes%zz', '/%ff']) {
      const r = await get(f, path, key);
      expect(r.status, path).toBe(404);
      expect(r.body).toEqual({ error: { message: 'No such endpoint. See /docs for the available routes.', code: 'ENDPOINT_NOT_FOUND' } });
    }
  });

  it('asks for a key before saying an endpoint does not exist, when keys are required', async () => {
    expect((await get(f, '/nowhere')).status).toBe(401);
  });

  it('answers 405 with Allow: GET, HEAD to other methods on a known path', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await f.app.request('/recipes', { method, headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await f.app.request('/recipes', { method: 'HEAD', headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('sends an X-Request-Id on every response', async () => {
    expect((await get(f, '/recipes', key)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(f, '/nowhere', key)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('unexpected errors', () => {
  it('answers 500 with the exact message and logs method, path, request id and stack but no Authorization', async () => {
    f.engine.listRecipes = () => {
      throw new Error('disk on fire');
    };
    const r = await get(f, '/recipes', key);
    expect(r.status).toBe(500);
    expect(r.body.error.message).toBe('Something went wrong. Please try again.');
    expect(f.logged).toHaveLength(1);
    const fields = f.logged[0]!.fields!;
    expect(fields.method).toBe('GET');
    expect(fields.path).toBe('/recipes');
    expect(fields.requestId).toBe(r.headers.get('x-request-id'));
    expect(String(fields.error)).toContain('disk on fire');
    expect(JSON.stringify(f.logged)).not.toContain(key);
  });
});

describe('GET /popular', () => {
  it('pages like /recipes with the pagination object', async () => {
    const r = await get(f, '/popular?limit=2', key);
    expect(r.status).toBe(200);
    expect(r.body.pagination).toEqual({ limit: 2, offset: 0, total: 5 });
    expect(r.body.recipes[0].id).toBe('r0000000000a1');
  });

  it('rejects a bad limit and unknown parameters', async () => {
    expect((await get(f, '/popular?limit=0', key)).body.error.message).toBe("The 'limit' parameter must be a whole number of at least 1; got '0'.");
    expect((await get(f, '/popular?cuisine=thai', key)).status).toBe(400);
    await get(f, '/popular?limit=1000', key);
    expect(f.engine.lastPage).toEqual({ limit: 100, offset: 0 });
  });
});

describe('GET /ingredients', () => {
  it('lists canonical ingredients with ids, names and recipe counts, paged', async () => {
    const r = await get(f, '/ingredients?limit=2&offset=1', key);
    expect(r.status).toBe(200);
    expect(r.body.pagination).toEqual({ limit: 2, offset: 1, total: 7 });
    expect(r.body.ingredients[0]).toEqual({ id: 'chicken-thigh', name: 'chicken thigh', names: { en: ['chicken thigh', 'chicken thighs'] }, parent: 'chicken', recipeCount: 1 });
  });

  it('looks names up by prefix', async () => {
    const r = await get(f, '/ingredients?q=Chick', key);
    expect(r.body.ingredients.map((i: { id: string }) => i.id)).toEqual(['chicken', 'chicken-thigh']);
  });

  it('rejects an empty or over-long q', async () => {
    expect((await get(f, '/ingredients?q=', key)).status).toBe(400);
    expect((await get(f, `/ingredients?q=${'a'.repeat(81)}`, key)).status).toBe(400);
  });
});

describe('GET /vocabularies', () => {
  it("serves course, diet and cuisine exactly as SPEC.md lists them, data vocabularies and every preset's rule", async () => {
    const r = await get(f, '/vocabularies', key);
    expect(r.status).toBe(200);
    expect(r.body.course).toEqual([...COURSES]);
    expect(r.body.course).toHaveLength(10);
    expect(r.body.diet).toEqual([...DIETS]);
    expect(r.body.cuisine).toEqual([...CUISINES]);
    expect(r.body.cuisine).toHaveLength(55);
    expect(r.body.equipment).toContainEqual({ slug: 'wok', recipeCount: 1 });
    expect(r.body.language).toContainEqual({ code: 'sv', recipeCount: 1 });
    expect(r.body.presets.nutrition.map((p: { name: string }) => p.name)).toEqual(['high-fiber', 'high-protein', 'low-calorie', 'low-sodium']);
    expect(r.body.presets.time).toContainEqual({ name: 'under-15', field: 'totalTime', op: 'le', bound: 899, unit: 'seconds', description: 'total time strictly below 15 minutes' });
  });
});

describe('GET /docs', () => {
  it('is an HTML page listing the routes', async () => {
    const r = await get(f, '/docs');
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    for (const route of ['/recipes', '/recipes/{id}', '/popular', '/ingredients', '/vocabularies', '/healthz', '/openapi.json']) {
      expect(r.text).toContain(`GET ${route}`);
    }
  });
});
