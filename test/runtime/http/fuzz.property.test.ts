/**
 * No request input may produce a 500: random paths, parameter names and values (valid, invalid,
 * huge, unicode, percent-garbage) over the real dataset must answer 2xx or 4xx, always in the
 * error envelope when 4xx.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { realApp } from '../../helpers/real-app.ts';

let t: Awaited<ReturnType<typeof realApp>>;
beforeAll(async () => {
  t = await realApp();
});

const PATHS = ['/recipes', '/pantry', '/search', '/popular', '/ingredients', '/vocabularies', '/recipes/x', '/nope', '/recipes/'];
const NAMES = ['limit', 'offset', 'cuisine', 'course', 'diet', 'category', 'ingredient', 'ingredients', 'excludeIngredients', 'equipment', 'language', 'maxTotalMinutes', 'maxCookMinutes', 'maxCalories', 'minProtein', 'maxSodium', 'minFiber', 'nutrition', 'time', 'query', 'maxMissing', 'assumeStaples', 'q', 'zzz', ''];
const valueArb = fc.oneof(
  fc.constantFrom('', '0', '1', '-1', '20', '100', '101', '1e3', '0x10', '9'.repeat(40), 'NaN', 'Infinity', '1.5', ' 7', 'italian', 'main-course', 'vegan', 'weekend', 'under-15', 'low-calorie,high-fiber', 'chicken,rice', ',', 'a,,b', 'en', 'ZH', 'true', 'false'),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.array(fc.constantFrom('salt', 'Garlic', 'kyckling', '大蒜', ' ', '-', '%', '\u0000'), { maxLength: 25 }).map((a) => a.join(',')),
);

function encode(v: string, raw: boolean): string {
  // Raw mode sends bytes as they are (bad percent-encoding included); otherwise encode properly.
  return raw ? v.replace(/[#&\s]/g, '') : encodeURIComponent(v);
}

describe('no input produces a 500', () => {
  it('answers random requests with 2xx or 4xx in the error envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.array(fc.tuple(fc.constantFrom(...NAMES), valueArb, fc.boolean()), { maxLength: 5 }),
        fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE'),
        async (path, params, method) => {
          const qs = params.map(([n, v, raw]) => `${n}=${encode(v, raw)}`).join('&');
          const res = await t.app.request(`${path}${qs ? `?${qs}` : ''}`, { method, headers: { Authorization: `Bearer ${t.key}` } });
          expect(res.status, `${method} ${path}?${qs}`).toBeLessThan(500);
          if (res.status >= 400 && method !== 'HEAD') {
            const body = await res.json();
            expect(typeof body.error.message).toBe('string');
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers malformed Authorization headers with 401, never 500', async () => {
    for (const h of ['Bearer', 'Bearer ', 'Basic abc', 'bearer x y', 'Bearer \u00ff\u00fe', 'Bearer ' + 'x'.repeat(10_000), 'Token abc']) {
      const res = await t.app.request('/recipes', { headers: { Authorization: h } });
      expect(res.status, h).toBe(401);
    }
  });
});
