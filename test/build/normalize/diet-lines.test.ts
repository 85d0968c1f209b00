import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../build/normalize/catalog.ts';
import { deriveDiets } from '../../../build/normalize/diets.ts';
import { matchRecipeIngredient } from '../../../build/normalize/catalog.ts';
import { realApp } from '../../helpers/real-app.ts';

// Issue 21, item 4: no recipe labelled vegan or vegetarian holds an ingredient that is not.
const catalog = loadCatalog(join(import.meta.dirname, '../../../dataset'));
/** The diets of a recipe of these ingredient names (ids as the build matches them), labelled with `labels`. */
const dietsOf = (names: string[], labels: string[] = [], language = 'en') =>
  deriveDiets(names.map((n) => matchRecipeIngredient(catalog, n, language)), labels, catalog, { names, language });

describe('diets of ingredient lines', () => {
  it('lets a line offering alternatives suit a diet when one alternative does', () => {
    expect(dietsOf(['rice', 'chicken or vegetable stock'])).toEqual(expect.arrayContaining(['vegan', 'vegetarian']));
    expect(dietsOf(['rice', 'agave nectar or honey'])).toContain('vegan');
    expect(dietsOf(['Reis', 'Butter oder Olivenöl'], [], 'de')).toContain('vegan');
    expect(dietsOf(['rice', 'honey'])).not.toContain('vegan');
    expect(dietsOf(['rice', 'chicken stock'])).not.toContain('vegetarian');
  });

  it('counts every ingredient a name holds, not only the one its id names', () => {
    expect(matchRecipeIngredient(catalog, 'creamy garlic and herb goat cheese', 'en')).toBe('garlic');
    expect(dietsOf(['rice', 'creamy garlic and herb goat cheese'], ['vegan'])).not.toContain('vegan');
    expect(dietsOf(['rice', 'spicy cheddar cheese'], ['vegan'])).not.toContain('vegan');
    expect(dietsOf(['rice', 'spicy cheddar cheese'], ['vegetarian'])).toContain('vegetarian');
  });

  it('takes a qualifier at its word and a word of another language as none of this one', () => {
    expect(dietsOf(['rice', 'vegan butter', 'dairy-free milk'], ['vegan'])).toContain('vegan');
    expect(dietsOf(['rice', 'dairy free white chocolate'], ['vegan'])).toContain('vegan');
    // "and" is Danish for duck: English salt and pepper stays vegan.
    expect(dietsOf(['rice', 'Kosher salt and freshly ground pepper'])).toContain('vegan');
  });
});

describe('diet labels over the real dataset', () => {
  let t: Awaited<ReturnType<typeof realApp>>;
  beforeAll(async () => {
    t = await realApp();
  });

  // A plain oracle, independent of the catalog: English animal-product words in the line as published,
  // after the plant products that share a word ("peanut butter", "coconut milk", "eggplant"), unless the
  // line offers alternatives or promises the diet.
  const MEAT = /\b(chicken|beef|pork|bacon|ham|lamb|veal|turkey|duck|sausages?|chorizo|prosciutto|pancetta|salami|anchov(y|ies)|fish|salmon|tuna|shrimps?|prawns?|gelatine?|lard|meat|steak)\b/i;
  const ANIMAL = /\b(eggs?|yolks?|milk|butter|cheese|cream|honey|yogh?urt|ricotta|mozzarella|parmesan|feta|ghee|buttermilk|mayonnaise|mayo)\b/i;
  const PLANT = /\b((soy|almond|oat|coconut|rice|cashew|plant|nut|hemp)\s+(milk|butter|cream|cheese|yogh?urt)|(peanut|nut|cocoa|cacao|apple|shea|almond|cashew|seed|sunflower)\s+butter|cream of tartar|butternut( squash)?|eggplants?|butter (beans?|lettuce)|bread and butter pickles|flax eggs?|chia eggs?|egg replacer|vegetable (stock|broth|bouillon)|coconut cream)\b/gi;
  const CHOICE = /\b(or|vegan|plant[- ]based|dairy[- ]free|non[- ]dairy|vegetarian|veggie|meatless)\b/i;

  it('labels no English recipe vegan or vegetarian whose lines name an animal product', () => {
    const wrong: string[] = [];
    for (const r of t.all.filter((x) => x.language === 'en')) {
      for (const diet of ['vegan', 'vegetarian'] as const) {
        if (!r.diets.includes(diet)) continue;
        for (const i of r.ingredients) {
          const rest = i.display.replace(/\([^)]*\)/g, ' ').replace(PLANT, ' ');
          if ((MEAT.test(rest) || (diet === 'vegan' && ANIMAL.test(rest))) && !CHOICE.test(rest)) wrong.push(`${diet} ${r.title}: ${i.display}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the diets of recipes whose alternatives suit them', () => {
    expect(t.all.filter((r) => r.diets.includes('vegan')).length).toBeGreaterThan(200);
    expect(t.all.filter((r) => r.diets.includes('vegetarian')).length).toBeGreaterThan(900);
  });
});
