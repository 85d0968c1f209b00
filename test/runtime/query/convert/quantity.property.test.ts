/**
 * adjustQuantity against plain oracles: the exact scaled (and converted) amount, computed here from
 * published unit sizes, and the tolerance a cook's rounding allows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustQuantity } from '../../../../runtime/query/convert/quantity.ts';

/** Grams or millilitres per unit (NIST: 1 oz = 28.349523125 g, 1 US cup = 236.5882365 ml). */
const SIZE: Record<string, number> = {
  g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237,
  ml: 1, l: 1000, tsp: 4.92892159375, tbsp: 14.78676478125, cup: 236.5882365, 'fl oz': 29.5735295625,
};
const MASS = new Set(['g', 'kg', 'oz', 'lb']);
const METRIC = new Set(['g', 'kg', 'ml', 'l', 'tsp', 'tbsp']);
const US = new Set(['oz', 'lb', 'tsp', 'tbsp', 'cup', 'fl oz']);

/** How far a cook's rounding may move an amount of `unit` (half the widest gap between neighbours). */
function tolerance(unit: string, x: number): number {
  if (unit === 'g' || unit === 'ml') return x < 10 ? 0.25 : x < 100 ? 0.5 : x < 1000 ? 2.5 : 5;
  if (unit === 'kg' || unit === 'l') return 0.025;
  if (x >= 10) return 0.5;
  return unit === 'tbsp' ? 0.25 : 0.125;
}
/** The smallest amount each unit is written in (a positive amount never becomes 0). */
const SMALLEST: Record<string, number> = { g: 0.5, ml: 0.5, kg: 0.05, l: 0.05, tsp: 0.125, oz: 0.125, tbsp: 0.5, cup: 0.25, lb: 0.25, 'fl oz': 0.25, '': 0.25 };

const unitArb = fc.constantFrom(...Object.keys(SIZE));
const amountArb = fc.double({ min: 0.1, max: 5000, noNaN: true });
const factorArb = fc.double({ min: 0.05, max: 20, noNaN: true });
const unitsArb = fc.constantFrom(undefined, 'metric' as const, 'us' as const);

function expectNear(unit: string, got: number, exact: number) {
  if (exact < SMALLEST[unit]!) expect(got).toBe(SMALLEST[unit]);
  else expect(Math.abs(got - exact)).toBeLessThanOrEqual(tolerance(unit, exact) + 0.0005);
}

describe('adjustQuantity', () => {
  it('leaves a quantity untouched at factor 1 without a unit system', () => {
    fc.assert(fc.property(unitArb, amountArb, (unit, value) => adjustQuantity({ unit, value }, 1) === undefined));
  });

  it('leaves a unit of the target system untouched at factor 1', () => {
    fc.assert(fc.property(unitArb, amountArb, fc.constantFrom('metric' as const, 'us' as const), (unit, value, system) => {
      const inSystem = (system === 'metric' ? METRIC : US).has(unit);
      expect(adjustQuantity({ unit, value }, 1, system) === undefined).toBe(inSystem);
    }));
  });

  it('scales an amount in its own unit to within the rounding of the exact product', () => {
    fc.assert(fc.property(fc.constantFrom(...Object.keys(SIZE), '', 'clove', 'pinch'), amountArb, factorArb, (unit, value, factor) => {
      fc.pre(factor !== 1);
      const out = adjustQuantity({ unit, value }, factor)!;
      expect(out.quantity.unit).toBe(unit);
      expectNear(unit in SIZE ? unit : '', out.quantity.value, value * factor);
    }));
  });

  it('converts weights and volumes into the target system, within rounding of the exact conversion', () => {
    fc.assert(fc.property(unitArb, amountArb, factorArb, fc.constantFrom('metric' as const, 'us' as const), (unit, value, factor, system) => {
      const out = adjustQuantity({ unit, value, max: value * 2 }, factor, system)!;
      const to = out.quantity.unit;
      expect((system === 'metric' ? METRIC : US).has(to)).toBe(true);
      expect(MASS.has(to)).toBe(MASS.has(unit));
      const exact = (value * factor * SIZE[unit]!) / SIZE[to]!;
      expectNear(to, out.quantity.value, exact);
      if (out.quantity.max !== undefined) {
        expect(out.quantity.max).toBeGreaterThan(out.quantity.value);
        expectNear(to, out.quantity.max, exact * 2);
      }
    }));
  });

  it('round-trips metric → US → metric to within the two roundings (spoons stay spoons in metric)', () => {
    fc.assert(fc.property(fc.constantFrom('g', 'ml'), fc.double({ min: 20, max: 3000, noNaN: true }), (unit, value) => {
      const us = adjustQuantity({ unit, value }, 1, 'us')!.quantity;
      const back = adjustQuantity(us, 1, 'metric')?.quantity;
      const err1 = tolerance(us.unit, (value * SIZE[unit]!) / SIZE[us.unit]!) * SIZE[us.unit]!;
      const err2 = back === undefined ? 0 : tolerance(back.unit, (us.value * SIZE[us.unit]!) / SIZE[back.unit]!) * SIZE[back.unit]!;
      const final = back ?? us;
      expect(Math.abs(final.value * SIZE[final.unit]! - value)).toBeLessThanOrEqual(err1 + err2 + 0.001);
    }));
  });

  it('weighs a US volume of an ingredient of known density in metric, within rounding of volume × density', () => {
    const sizes: Record<string, number> = { cup: SIZE.cup!, 'fl oz': SIZE['fl oz']!, pint: 2 * SIZE.cup!, quart: 4 * SIZE.cup!, gallon: 16 * SIZE.cup! };
    fc.assert(fc.property(fc.constantFrom(...Object.keys(sizes)), amountArb, factorArb, fc.double({ min: 0.05, max: 2, noNaN: true }), (unit, value, factor, density) => {
      const out = adjustQuantity({ unit, value, max: value * 2 }, factor, 'metric', () => density)!;
      const to = out.quantity.unit;
      expect(['g', 'kg']).toContain(to);
      expect(out.isMeasure).toBe(true);
      const exact = (value * factor * sizes[unit]! * density) / SIZE[to]!;
      expectNear(to, out.quantity.value, exact);
      if (out.quantity.max !== undefined) expectNear(to, out.quantity.max, exact * 2);
    }));
  });

  it('asks for the density only to weigh a US volume in metric: never in US, never for weights, spoons or metric volumes', () => {
    fc.assert(fc.property(fc.constantFrom(...Object.keys(SIZE), '', 'clove'), amountArb, factorArb, unitsArb, (unit, value, factor, system) => {
      let asked = 0;
      const density = () => (asked++, 0.5);
      const out = adjustQuantity({ unit, value }, factor, system, density);
      const weighs = system === 'metric' && (unit === 'cup' || unit === 'fl oz');
      expect(asked).toBe(weighs ? 1 : 0);
      if (!weighs && out !== undefined) expect(out).toEqual(adjustQuantity({ unit, value }, factor, system));
    }));
  });

  it('converts a US volume of unknown density to millilitres in metric, as without a catalog', () => {
    fc.assert(fc.property(fc.constantFrom('cup', 'fl oz'), amountArb, factorArb, (unit, value, factor) => {
      expect(adjustQuantity({ unit, value }, factor, 'metric', () => undefined)).toEqual(adjustQuantity({ unit, value }, factor, 'metric'));
    }));
  });

  it('never converts counts, cloves, pinches or cans, whatever the system', () => {
    fc.assert(fc.property(fc.constantFrom('', 'clove', 'pinch', 'can', '个'), amountArb, fc.constantFrom('metric' as const, 'us' as const), (unit, value, system) => {
      expect(adjustQuantity({ unit, value }, 1, system)).toBeUndefined();
      expect(adjustQuantity({ unit, value }, 2, system)!.quantity.unit).toBe(unit);
    }));
  });
});
