/** createApp's own behaviour, whatever the route: unknown paths and methods, request ids, unexpected errors. */
import { beforeEach, describe, expect, it } from 'vitest';
import { get, makeApp, type Fixture } from '../../helpers/app-fixture.ts';

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
