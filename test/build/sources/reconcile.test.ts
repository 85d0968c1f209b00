import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../build/normalize/catalog.ts';
import { toRecipe } from '../../../build/normalize/recipe.ts';
import { ingredientLines, reconcile } from '../../../build/sources/reconcile.ts';
import { recipeScrapers } from '../../../build/sources/recipe-scrapers.ts';

// Issue 21, item 1: the real pages where the JSON-LD and the scraper's fields disagree.
const DATASET = join(import.meta.dirname, '../../../dataset');
const records = recipeScrapers.read(join(DATASET, 'sources', 'recipe-scrapers'));
const page = (key: string) => {
  const rec = records.find((r) => r.key === key);
  if (!rec) throw new Error(`no page ${key}`);
  return rec;
};
const lines = (key: string) => page(key).recipe.recipeIngredient ?? [];

describe('reconciling a recipe-scrapers page field by field', () => {
  it('takes the fuller ingredient list when the JSON-LD is a stub', () => {
    expect(lines('thehappyfoodie.co.uk/thehappyfoodie_1')).toHaveLength(10); // "Poulet rôti au vin rouge": JSON-LD "Chicken"
    expect(lines('editions-larousse.fr/editionslarousse_1')).toHaveLength(13); // "Tourte fine à l'agneau": JSON-LD none
    expect(lines('editions-larousse.fr/editionslarousse_2')).toHaveLength(24); // "Bûche de Noël": JSON-LD the 5 section names
    expect(lines('editions-larousse.fr/editionslarousse_2')).not.toContain('Biscuit Joconde');
  });

  it('splits a JSON-LD line that holds every line at its line breaks', () => {
    const lasagna = lines('barefootcontessa.com/barefootcontessa_1'); // "Roasted Vegetable Lasagna"
    expect(lasagna).toHaveLength(14);
    expect(lasagna[0]).toBe('1½ pounds eggplant, unpeeled, sliced lengthwise ¼ inch thick');
    expect(lasagna).toContain('2 extra-large eggs, lightly beaten');
    expect(lines('kfoods.com/kfoods')).toHaveLength(13); // "Gol Gappay": 13 lines in one
  });

  it('prefers the JSON-LD on a tie, and on a tie of counts the list whose lines hold amounts', () => {
    expect(lines('americastestkitchen.com/americastestkitchen_1')[0]).toBe('1 medium carrot , peeled and roughly chopped');
    // sallys-blog publishes names only in its JSON-LD; the scraper lists them with amounts, twice over.
    expect(lines('sallys-blog.de/sallysblog_1')).toEqual(['20 g Sonnenblumenöl', '50 g Popcornmais', '30 g Wasser', '3 EL Zucker', '0.5 TL  Vanilleextrakt ', '0.25 TL Lebensmittelfarbpaste (pink)']);
  });

  it('flattens ingredient lists published one array per section', () => {
    expect(ingredientLines([['1 adet soğan', '300 gram mantar'], ['2 yumurta']])).toEqual(['1 adet soğan', '300 gram mantar', '2 yumurta']);
    expect(lines('yemek.com/yemek').every((l) => typeof l === 'string')).toBe(true);
  });

  it('keeps a list whose halves differ, and drops section headers', () => {
    expect(ingredientLines(['salt', 'pepper', 'salt', 'sugar'])).toHaveLength(4);
    expect(ingredientLines(['For the sauce:', '1 cup milk\n2 eggs'])).toEqual(['1 cup milk', '2 eggs']);
  });

  it("takes the scraper's steps only when their text is clearly longer", () => {
    const fixture = { recipeInstructions: ['Mix the flour and the water.', 'Bake for an hour until golden, then cool on a rack.'] };
    expect(reconcile(fixture, { recipeInstructions: 'Mix and bake.' }).recipeInstructions).toEqual(fixture.recipeInstructions);
    expect(reconcile(fixture, { recipeInstructions: 'Mix the flour and the water. Bake for an hour until golden, then cool.' }).recipeInstructions).toBe('Mix the flour and the water. Bake for an hour until golden, then cool.');
    const buche = page('rutgerbakt.nl/rutgerbakt_1').recipe.recipeInstructions;
    expect(Array.isArray(buche) && buche.length).toBeGreaterThan(1);
  });

  it('takes the other record\'s times when one set has a total shorter than its parts', () => {
    // alittlebityummy's JSON-LD says 30 hours of cooking, 0 in all; the scraper 30 minutes, 40 in all.
    expect(page('alittlebityummy.com/alittlebityummy_1').recipe).toMatchObject({ cookTime: 'PT30M', totalTime: 'PT40M' });
    expect(reconcile({ prepTime: 'PT30M', cookTime: 'PT30M', totalTime: 'PT10M' }, { prepTime: 'PT30M' })).toEqual({ prepTime: 'PT30M', cookTime: 'PT30M' });
    expect(reconcile({ totalTime: 'PT20M' }, { prepTime: 'PT5M', cookTime: 'PT10M', totalTime: 'PT2H' })).toEqual({ prepTime: 'PT5M', cookTime: 'PT10M', totalTime: 'PT2H' });
  });

  it('treats a time over a month as unreadable', () => {
    expect(reconcile({ prepTime: 'PT475323H' }, { prepTime: 'PT15M' }).prepTime).toBe('PT15M');
    expect(reconcile({ prepTime: 'PT15M' }, { prepTime: 'PT475323H' }).prepTime).toBe('PT15M');
  });

  it("takes the scraper's yield when the JSON-LD's holds no number of servings", () => {
    expect(reconcile({ recipeYield: '6 servings' }, { recipeYield: 'une tarte' }).recipeYield).toBe('6 servings');
    expect(reconcile({ recipeYield: '6 servings' }, { recipeYield: '4 Personen' }).recipeYield).toBe('4 Personen');
    expect(page('madame.lefigaro.fr/madamelefigaro').recipe.recipeYield).toBe('6 servings');
    // A yield by weight is no number of servings in either record: the JSON-LD's stays.
    expect(reconcile({ recipeYield: '750 grams' }, { recipeYield: '750 g di crema pasticcera' }).recipeYield).toBe('750 g di crema pasticcera');
  });

  it('no longer labels the roasted vegetable lasagna vegan', () => {
    const catalog = loadCatalog(DATASET);
    const recipe = toRecipe(page('barefootcontessa.com/barefootcontessa_1'), { catalog });
    expect(recipe.ingredients.map((i) => i.id)).toEqual(expect.arrayContaining(['ricotta', 'egg', 'mozzarella']));
    expect(recipe.diets).not.toContain('vegan');
    expect(recipe.diets).not.toContain('vegetarian');
  });
});

describe('the build report', () => {
  it('names every recipe left without ingredient lines', async () => {
    const { ReportBuilder, reportMarkdown } = await import('../../../build/report.ts');
    const catalog = loadCatalog(DATASET);
    const builder = new ReportBuilder();
    const empty = toRecipe({ ...page('thehappyfoodie.co.uk/thehappyfoodie_1'), recipe: { ...page('thehappyfoodie.co.uk/thehappyfoodie_1').recipe, recipeIngredient: [] } }, { catalog });
    builder.add(toRecipe(page('kfoods.com/kfoods'), { catalog }));
    const other = new ReportBuilder();
    other.add(empty);
    builder.merge(other.state());
    const report = builder.result();
    expect(report.withoutIngredients).toEqual([[empty.id, 'Poulet rôti au vin rouge (Roast Red Wine Chicken)']]);
    expect(reportMarkdown(report)).toContain(`| ${empty.id} | Poulet rôti au vin rouge (Roast Red Wine Chicken) |`);
  });
});
