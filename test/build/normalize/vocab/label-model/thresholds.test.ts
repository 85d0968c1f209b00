import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAR, pickThreshold, wilsonLower, type Scored } from '../../../../../build/normalize/vocab/label-model/thresholds.ts';

/** The oracle: of every score seen, the lowest whose predictions at or above it pass the bar. */
function oracle(scored: readonly Scored[]): number | undefined {
  const passing = [...new Set(scored.map((s) => s.score))].filter((t) => {
    const above = scored.filter((s) => s.score >= t);
    return wilsonLower(above.filter((s) => s.right).length, above.length) >= BAR;
  });
  return passing.length === 0 ? undefined : Math.min(...passing);
}

describe('choosing a class threshold from out-of-fold scores', () => {
  it('picks the lowest score at which the precision interval still clears the bar, ties admitted together', () => {
    const scored = fc.array(fc.record({ score: fc.integer({ min: 0, max: 20 }).map((n) => n / 20), right: fc.boolean() }), { maxLength: 80 });
    fc.assert(
      fc.property(scored, (s) => {
        expect(pickThreshold(s)).toBe(oracle(s));
      }),
      { numRuns: 300 },
    );
  });

  it('asks more of few predictions: 51 right of 51 do not pass, 52 of 52 do, 51 of 52 do not', () => {
    const run = (n: number, wrong = 0): Scored[] => Array.from({ length: n }, (_, i) => ({ score: 1 - i / 100, right: i >= wrong }));
    expect(pickThreshold(run(51))).toBeUndefined();
    expect(pickThreshold(run(52))).toBe(0.49);
    expect(pickThreshold(run(52, 1))).toBeUndefined();
  });

  it('computes the Wilson lower bound (z = 1.645 by default, a one-sided 95% interval)', () => {
    expect(wilsonLower(20, 20)).toBeCloseTo(20 / (20 + 1.645 ** 2), 12);
    expect(wilsonLower(20, 20, 1)).toBeCloseTo(20 / 21, 12);
    expect(wilsonLower(0, 0)).toBe(0);
    expect(wilsonLower(95, 100, 1)).toBeCloseTo(0.9234, 3);
    expect(wilsonLower(95, 100)).toBeCloseTo(0.9008, 3);
  });
});
