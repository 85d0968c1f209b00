import { beforeEach, describe, expect, it } from 'vitest';
import { get, makeApp, type Fixture } from '../../../helpers/app-fixture.ts';

let f: Fixture;
let key: string;
beforeEach(async () => {
  f = makeApp();
  key = await f.newKey();
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
