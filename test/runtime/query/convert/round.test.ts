import { describe, expect, it } from 'vitest';
import { roundForCooks } from '../../../../runtime/query/convert/round.ts';

const text = (amount: number, unit: string) => roundForCooks(amount, unit).text;

describe('roundForCooks', () => {
  it('writes US cups in the fractions of a measuring cup', () => {
    expect(text(0.3, 'cup')).toBe('1/3');
    expect(text(0.74, 'cup')).toBe('3/4');
    expect(text(1.5, 'cup')).toBe('1 1/2');
    expect(text(2.68, 'cup')).toBe('2 2/3');
    expect(text(2.95, 'cup')).toBe('3');
  });

  it('writes teaspoons down to an eighth and tablespoons in halves', () => {
    expect(text(0.12, 'tsp')).toBe('1/8');
    expect(text(0.3, 'tsp')).toBe('1/4');
    expect(text(1.3, 'tbsp')).toBe('1 1/2');
    expect(text(1.2, 'tbsp')).toBe('1');
  });

  it('rounds grams and millilitres to what a scale reads: halves, wholes, fives, tens', () => {
    expect(text(2.3, 'g')).toBe('2.5');
    expect(text(47.4, 'g')).toBe('47');
    expect(text(473, 'ml')).toBe('475');
    expect(text(1234, 'g')).toBe('1230');
    expect(text(1.234, 'kg')).toBe('1.25');
  });

  it('writes counts as whole numbers from 10 on, and in quarters and thirds below', () => {
    expect(text(12.4, '')).toBe('12');
    expect(text(1.5, 'clove')).toBe('1 1/2');
    expect(text(0.33, '')).toBe('1/3');
  });

  it('never rounds a positive amount to zero: it becomes the smallest step', () => {
    expect(roundForCooks(0.01, 'tsp')).toEqual({ value: 0.125, text: '1/8' });
    expect(roundForCooks(0.1, 'g')).toEqual({ value: 0.5, text: '0.5' });
    expect(roundForCooks(0.05, 'cup')).toEqual({ value: 0.25, text: '1/4' });
  });

  it('keeps three decimals in the value (1/3 cup is 0.333)', () => {
    expect(roundForCooks(1 / 3, 'cup').value).toBe(0.333);
  });
});
