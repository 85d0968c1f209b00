import { describe, expect, it } from 'vitest';
import { parseNumber, readAmount } from '../../../../runtime/query/convert/written-amount.ts';

describe('parseNumber', () => {
  it('reads whole, decimal, mixed and vulgar-fraction numbers as cooks write them', () => {
    const read = (t: string) => parseNumber(t);
    expect(['12', '1.5', '1,5', '3/4', '3⁄4', '1 1/2', '1 and 1/4', '½', '1½', '2 ½'].map(read)).toEqual([12, 1.5, 1.5, 0.75, 0.75, 1.5, 1.25, 0.5, 1.5, 2.5]);
  });

  it('reads nothing that is not one number', () => {
    expect(['', 'a', '1/2/3', '1 2', '½ ½'].map((t) => parseNumber(t))).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('readAmount', () => {
  it('reads an amount of a weight or volume to a canonical unit, keeping the number as written', () => {
    expect(readAmount('120 grams')).toEqual({ value: 120, unit: 'g', text: '120' });
    expect(readAmount('8 3/4 oz')).toEqual({ value: 8.75, unit: 'oz', text: '8 3/4' });
    expect(readAmount('4g')).toEqual({ value: 4, unit: 'g', text: '4' });
    expect(readAmount('2.2 Lbs')).toEqual({ value: 2.2, unit: 'lb', text: '2.2' });
    expect(readAmount('10 fl. oz')).toEqual({ value: 10, unit: 'fl oz', text: '10' });
    expect(readAmount('1 Tbsp')).toEqual({ value: 1, unit: 'tbsp', text: '1' });
    expect(readAmount('2,5 dl')).toEqual({ value: 2.5, unit: 'dl', text: '2,5' });
  });

  it('reads a range, and keeps a qualifier that makes the amount approximate', () => {
    expect(readAmount('90-100 g')).toEqual({ value: 90, max: 100, unit: 'g', text: '90-100' });
    expect(readAmount('about 500 g')).toEqual({ value: 500, unit: 'g', text: '500', qualifier: 'about' });
    expect(readAmount('~12 oz')).toEqual({ value: 12, unit: 'oz', text: '12', qualifier: '~' });
  });

  it('reads nothing but exactly one amount of a weight or volume', () => {
    for (const t of ['3.4 oz each', 'beaten with 1 Tbsp water', '1 stick', '2 cloves', '1 lb 2 oz', '100-90 g', 'packed', '4 ounces/120 grams']) expect(readAmount(t), t).toBeUndefined();
  });
});
