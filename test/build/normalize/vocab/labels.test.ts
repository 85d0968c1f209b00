import { describe, expect, it } from 'vitest';
import { categorySlugs, mapCourses, mapCuisines, normalizeLanguage, slugify } from '../../../../build/normalize/vocab.ts';

describe('normalizeLanguage', () => {
  it('normalises en-US, pt_PT and zh-Hans to two-letter codes', () => {
    expect(['en-US', 'pt_PT', 'zh-Hans', 'pt-br', 'de_DE', 'EN-us'].map(normalizeLanguage)).toEqual(['en', 'pt', 'zh', 'pt', 'de', 'en']);
  });
  it("maps Norwegian 'nb', 'nn' and 'nb-NO' to 'no', and names such as 'English' and 'Deutsch'", () => {
    expect(['nb', 'nn', 'nb-NO', 'no', 'English', 'Deutsch', 'eng'].map(normalizeLanguage)).toEqual(['no', 'no', 'no', 'no', 'en', 'de', 'en']);
  });
  it('returns undefined for an empty, undetermined or unknown tag', () => {
    expect(['', 'und', 'xx-YY', 'Klingon', undefined].map(normalizeLanguage)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('mapCourses', () => {
  it('maps Hauptgericht, Main Dish and Huvudrätt to main-course', () => {
    expect(mapCourses(['Hauptgericht'])).toEqual(['main-course']);
    expect(mapCourses(['Main Dish'])).toEqual(['main-course']);
    expect(mapCourses(['Huvudrätt'])).toEqual(['main-course']);
  });
  it('returns no course for an unknown label', () => {
    expect(mapCourses(['Chicken'])).toEqual([]);
    expect(mapCourses(['Soup'])).toEqual([]);
  });
  it("reads 'Entrée' as an appetizer in French and a main course in English", () => {
    expect(mapCourses(['Entrée'], 'fr-FR')).toEqual(['appetizer']);
    expect(mapCourses(['Entrée'], 'en-US')).toEqual(['main-course']);
  });
  it('splits combined labels and returns vocabulary order without duplicates', () => {
    expect(mapCourses(['Lunch & Dinner', 'Dinner,Main Course', 'Appetizer or Main Dish'])).toEqual(['appetizer', 'dinner', 'lunch', 'main-course']);
  });
  it('ignores markup, case, accents and words such as Recipes', () => {
    expect(mapCourses(['&lt;p&gt;Dinner&lt;/p&gt;'])).toEqual(['dinner']);
    expect(mapCourses(['DESSERTS'])).toEqual(['dessert']);
    expect(mapCourses(['Dinner Recipes'])).toEqual(['dinner']);
  });
});

describe('mapCuisines', () => {
  it('maps Italian labels in several languages to italian', () => {
    for (const label of ['Italian', 'Italienisch', 'Italienische Küche', 'italiensk', 'italienne', 'Italiana', '意大利', 'Italian-Inspired']) {
      expect(mapCuisines([label]), label).toEqual(['italian']);
    }
  });
  it('maps Southern and Soul food to southern-us, Tex Mex to tex-mex', () => {
    expect(mapCuisines(['Southern', 'Soul food'])).toEqual(['southern-us']);
    expect(mapCuisines(['Tex Mex'])).toEqual(['tex-mex']);
  });
  it('gives both cuisines for a hyphenated fusion label and none for Fusion', () => {
    expect(mapCuisines(['Chinese-American'])).toEqual(['american', 'chinese']);
    expect(mapCuisines(['Fusion'])).toEqual([]);
  });
});

describe('categorySlugs', () => {
  it("slugs the source's own labels, splits comma lists, drops long labels and duplicates", () => {
    const long = 'A label that is far too long to be a category of anything';
    expect(categorySlugs(['Main Course, Dinner', 'Hauptgericht', 'main course', long, ' , '])).toEqual(['main-course', 'dinner', 'hauptgericht']);
  });
});

describe('slugify', () => {
  it('keeps accented letters and letters of other scripts whole (issue 21: no half-folded slugs)', () => {
    expect(slugify('Käse & Brot')).toBe('käse-brot');
    expect(slugify('Süßspeisen & Desserts')).toBe('süßspeisen-desserts');
    expect(slugify('デザート')).toBe('デザート');
    expect(slugify('汤与粥')).toBe('汤与粥');
  });
});
