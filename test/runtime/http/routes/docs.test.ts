import { beforeEach, describe, expect, it } from 'vitest';
import { get, makeApp, type Fixture } from '../../../helpers/app-fixture.ts';

let f: Fixture;
let key: string;
beforeEach(async () => {
  f = makeApp();
  key = await f.newKey();
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
