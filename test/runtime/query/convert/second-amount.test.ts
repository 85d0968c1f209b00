import { describe, expect, it } from 'vitest';
import { firstAmount } from '../../../../runtime/query/convert/display.ts';
import { withoutAmount } from '../../../../runtime/query/convert/second-amount.ts';
import { readAmount } from '../../../../runtime/query/convert/written-amount.ts';

/** The line without the written `amount` after its first amount. */
const without = (line: string, amount: string) => withoutAmount(line, firstAmount(line)?.unitEnd ?? 0, readAmount(amount)!);

describe('withoutAmount', () => {
  it('takes out a bracketed second amount with its brackets and one space', () => {
    expect(without('2 cups (300 g) flour', '300 g')).toBe('2 cups flour');
    expect(without('250g (8¾ oz) broccoli, cut into small florets', '8 3/4 oz')).toBe('250g broccoli, cut into small florets');
    expect(without('1 cup cold heavy cream (240 grams)', '240 g')).toBe('1 cup cold heavy cream');
    expect(without('1/2 cup [120 ml] heavy cream', '120 ml')).toBe('1/2 cup heavy cream');
  });

  it('takes out a whole group of amounts, and brackets that only wrap it', () => {
    expect(without('1 cup (4 ounces/120 grams) confectioners’ sugar', '120 grams')).toBe('1 cup confectioners’ sugar');
    expect(without('⅓ cup soy sauce ((80ml))', '80 ml')).toBe('⅓ cup soy sauce');
    expect(without('1 pound (about 500 g) ground beef', 'about 500 g')).toBe('1 pound ground beef');
  });

  it('keeps the words of a group and takes one separator with the amount', () => {
    expect(without('¼ cup (packed; 50 g) dark brown sugar', '50 g')).toBe('¼ cup (packed) dark brown sugar');
    expect(without('3/4 cup unsalted butter (softened (168g))', '168 g')).toBe('3/4 cup unsalted butter (softened)');
  });

  it('takes out an amount after a slash, or at the end of the line', () => {
    expect(without('1 cup/120 g all-purpose flour, sifted', '120 g')).toBe('1 cup all-purpose flour, sifted');
    expect(without('3 1/2 ounces / 100 grams pork belly', '100 grams')).toBe('3 1/2 ounces pork belly');
    expect(without('11 oz strawberries 310g', '310 g')).toBe('11 oz strawberries');
  });

  it('finds nothing when the amount is not written, is added to the first or is an alternative', () => {
    expect(without('2 cups flour', '300 g')).toBeUndefined();
    expect(without('1/4 cup plus 1 tablespoon (75 ml) coconut milk', '75 ml')).toBeUndefined();
    expect(without('1 lb 2 oz/500g ground chicken', '500 g')).toBeUndefined();
    expect(without('1/2 cup chocolate syrup + 1 tbsp', '1 tbsp')).toBeUndefined();
    expect(without('1 teaspoon fresh oregano or 1/2 teaspoon dried', '1/2 tsp')).toBeUndefined();
  });
});
