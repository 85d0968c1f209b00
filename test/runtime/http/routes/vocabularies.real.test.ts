/** GET /vocabularies over the REAL compiled dataset: every category it lists is a filter that works. */
import { beforeAll, describe, expect, it } from 'vitest';
import { realApp } from '../../../helpers/real-app.ts';

let t: Awaited<ReturnType<typeof realApp>>;
beforeAll(async () => {
  t = await realApp();
});

// Issue 21, item 2: `выпечка`, `和風`, `tilbehør`… were listed here and refused by ?category= with 400.
describe('categories of /vocabularies', () => {
  it('are each accepted by ?category= and return their recipe count', async () => {
    const { body } = await t.get('/vocabularies');
    const categories = body.category as { slug: string; recipeCount: number }[];
    expect(categories.length).toBeGreaterThan(500);
    expect(categories.map((c) => c.slug)).toEqual(expect.arrayContaining(['выпечка', 'птица', '和風', '早餐', 'パン', 'tilbehør', 'bagværk', 'süßspeisen-desserts']));
    for (const { slug, recipeCount } of categories) {
      const r = await t.get(`/recipes?category=${encodeURIComponent(slug)}&limit=1`);
      expect({ slug, status: r.status, total: r.body.pagination?.total }).toEqual({ slug, status: 200, total: recipeCount });
    }
  });

  it('counts the recipes whose categories hold the slug', async () => {
    const { body } = await t.get('/vocabularies');
    for (const { slug, recipeCount } of (body.category as { slug: string; recipeCount: number }[]).slice(0, 50)) {
      expect(t.all.filter((r) => r.categories.includes(slug)).length).toBe(recipeCount);
    }
  });

  it('takes a decomposed spelling of a category as the same slug', async () => {
    const r = await t.get(`/recipes?category=${encodeURIComponent('su\u0308ßspeisen-desserts')}`);
    expect(r.status).toBe(200);
    expect(r.body.pagination.total).toBeGreaterThan(0);
  });

  it('still refuses capitals and spaces with the message of SPEC.md', async () => {
    const r = await t.get(`/recipes?category=${encodeURIComponent('Süßspeisen Desserts')}`);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe("The 'category' parameter must be a slug such as 'main-course' or 'chicken-thigh'; got 'Süßspeisen Desserts'.");
  });
});
