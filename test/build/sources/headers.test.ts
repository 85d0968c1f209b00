import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { epicurious } from '../../../build/sources/epicurious.ts';
import { isIngredientHeader, withoutHeaders } from '../../../build/sources/ingredient-headers.ts';
import { publicDomainRecipes } from '../../../build/sources/public-domain-recipes.ts';
import { recipeScrapers } from '../../../build/sources/recipe-scrapers.ts';

const SOURCES = join(import.meta.dirname, '../../../dataset/sources');

describe('section headers and notes among ingredient lines (issue 2)', () => {
  it('knows headers, notes and junk from ingredient lines', () => {
    for (const h of ['For the roasted parsnips:', 'DIPPING SAUCE:', 'FOR THE CUSTARD', 'TO SERVE', '## SAUCE', 'Optional:', '}', ':',
      'Ingredient info: Mirin is available at Japanese markets.', 'Prepare barbecue (medium-high heat). Rub with salt and pepper:']) {
      expect(isIngredientHeader(h), h).toBe(true);
    }
    for (const l of ['1 cup flour', 'Salt', 'salt and pepper', '1:1:1* REGULAR SOY SAUCE', '2 TBSP BUTTER', 'Lemon wedges, for serving', 'Gochugaru (Korean chili flakes)']) {
      expect(isIngredientHeader(l), l).toBe(false);
    }
    expect(withoutHeaders(['For the glaze:', '1 cup sugar', 'TO SERVE', 'mint'])).toEqual(['1 cup sugar', 'mint']);
  });

  it.each([
    ['epicurious', epicurious],
    ['recipe-scrapers', recipeScrapers],
    ['public-domain-recipes', publicDomainRecipes],
  ] as const)('%s passes no header or "Ingredient info" line on as an ingredient', (name, adapter) => {
    const lines = adapter.read(join(SOURCES, name)).flatMap((r) => r.recipe.recipeIngredient ?? []);
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines.filter((l) => typeof l === 'string' && (/^ingredient info/iu.test(l.trim()) || /^for the [^:]*:\s*$/iu.test(l.trim())))).toEqual([]);
  });

  it('epicurious keeps the ingredient lines around a header', () => {
    const rec = epicurious.read(join(SOURCES, 'epicurious')).find((r) => (r.recipe.recipeIngredient ?? []).some((l) => /parsnip/iu.test(l)) && r.recipe.name?.match(/parsnip/iu));
    expect(rec?.recipe.recipeIngredient?.length ?? 0).toBeGreaterThan(0);
  });
});
