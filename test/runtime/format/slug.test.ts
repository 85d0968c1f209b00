import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSlug, slugify } from '../../../runtime/format/slug.ts';

// Issue 21, item 2: one slug rule for the build and for ?category= / ?ingredient=.
describe('slugify', () => {
  it('keeps letters of any script as written, lower-cased, and joins words with hyphens', () => {
    expect(slugify('Süßspeisen & Desserts')).toBe('süßspeisen-desserts');
    expect(slugify('Tilbehør')).toBe('tilbehør');
    expect(slugify('Выпечка')).toBe('выпечка');
    expect(slugify('和風')).toBe('和風');
    expect(slugify('デザート')).toBe('デザート');
    expect(slugify('Main Course')).toBe('main-course');
    expect(slugify(' -- ')).toBe('');
  });

  it('composes a decomposed letter (NFC) so that both spellings give one slug', () => {
    expect(slugify('Ku\u0308che')).toBe('küche');
  });

  it('always gives a slug or nothing, and leaves a slug as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        const slug = slugify(text);
        if (slug !== '' && slug.length <= 80) expect(isSlug(slug)).toBe(true);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('isSlug', () => {
  it.each(['выпечка', 'птица', '和風', '早餐', 'パン', 'tilbehør', 'bagværk', 'süßspeisen-desserts', 'main-course', 'chicken-thigh', 'a1'])('accepts %s', (s) => {
    expect(isSlug(s)).toBe(true);
  });

  it.each(['Main Course', 'MAIN', 'Выпечка', 'Süß', 'main_course', '-main', 'main-', 'main--course', '', 'a'.repeat(81)])('refuses %j', (s) => {
    expect(isSlug(s)).toBe(false);
  });
});
