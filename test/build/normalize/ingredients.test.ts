import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../build/normalize/catalog.ts';
import { toIngredients } from '../../../build/normalize/ingredients.ts';

/** A catalog that knows one food by one exact name. */
const knowing = (name: string, id: string): Catalog => ({
  entries: [],
  match: (n) => (n.toLowerCase() === name ? id : undefined),
  get: () => undefined,
});

describe('toIngredients', () => {
  it('matches the alternative the parser kept in the note when the name matches nothing (issue 21 item 5)', () => {
    const [ingredient] = toIngredients(['2 tablespoons verjus or 3 1/2 teaspoons white grape juice'], undefined, 'en', knowing('white grape juice', 'white-grape-juice'));
    expect(ingredient).toMatchObject({ name: 'verjus', note: 'or 3 1/2 teaspoons white grape juice', id: 'white-grape-juice' });
  });

  it('keeps the match of the name itself before any alternative', () => {
    const [ingredient] = toIngredients(['2 tablespoons verjus or 3 1/2 teaspoons white grape juice'], undefined, 'en', knowing('verjus', 'verjus'));
    expect(ingredient?.id).toBe('verjus');
  });
});
