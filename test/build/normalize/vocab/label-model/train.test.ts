import { describe, expect, it } from 'vitest';
import type { Example } from '../../../../../build/normalize/vocab/label-model/logistic.ts';
import { classesOf, foldsOf, impliedLabels, MIN_SUPPORT, trainField } from '../../../../../build/normalize/vocab/label-model/train.ts';

/** 200 recipes: desserts marked by sugar; 'snack' given at random (every 4th, whatever the features); 'brunch' on too few. */
const EXAMPLES: Example[] = Array.from({ length: 200 }, (_, i) => {
  const labels = [i % 2 === 0 ? 'dessert' : 'main-course'];
  if (i % 4 === 1) labels.push('snack');
  if (i < MIN_SUPPORT - 1) labels.push('brunch');
  return { features: [i % 2 === 0 ? 'i:sugar' : 'i:beef', `i:x${i % 5}`, 'l:en'], labels };
});

describe('training one field', () => {
  it('learns only the classes with MIN_SUPPORT labelled recipes', () => {
    expect(classesOf(EXAMPLES, ['brunch', 'dessert', 'main-course', 'snack'])).toEqual(['dessert', 'main-course', 'snack']);
  });

  it('ships a class its features predict, and not one they cannot (no threshold reaches 95% out of fold)', () => {
    const m = trainField(EXAMPLES, ['brunch', 'dessert', 'main-course', 'snack']);
    expect(m.classes).toEqual(['dessert', 'main-course']);
    expect(m.thresholds).toHaveLength(2);
    expect(m.bias).toHaveLength(2);
    expect(Object.values(m.weights).every((w) => w.length === 2)).toBe(true);
  });

  it('chooses thresholds on the measured examples only: unmeasured ones train, but their labels do not veto a class', () => {
    // 60 recipes of another site: dessert-like, labelled otherwise by that site's habit.
    const other = (measure: boolean): Example[] => Array.from({ length: 60 }, (_, i) => ({ features: ['i:sugar', `i:x${i % 5}`, 'l:en'], labels: ['main-course'], measure }));
    expect(trainField([...EXAMPLES, ...other(true)], ['dessert', 'main-course']).classes).not.toContain('dessert');
    expect(trainField([...EXAMPLES, ...other(false)], ['dessert', 'main-course']).classes).toContain('dessert');
  });

  it('learns that a class implies a label only when the measured recipes with it always carry both (52 of 52 pass the bar)', () => {
    const ex = (n: number, labels: string[], measure = true): Example[] => Array.from({ length: n }, () => ({ features: [], labels, measure }));
    const vocabulary = ['dinner', 'lunch', 'main-course'];
    expect(impliedLabels(ex(52, ['dinner', 'main-course']), ['dinner'], vocabulary)).toEqual({ dinner: ['main-course'] });
    expect(impliedLabels(ex(51, ['dinner', 'main-course']), ['dinner'], vocabulary)).toEqual({});
    expect(impliedLabels([...ex(100, ['dinner', 'main-course']), ...ex(5, ['dinner'])], ['dinner'], vocabulary)).toEqual({});
    expect(impliedLabels([...ex(100, ['dinner', 'main-course']), ...ex(5, ['dinner'], false)], ['dinner'], vocabulary)).toEqual({ dinner: ['main-course'] });
    expect(impliedLabels([...ex(100, ['dinner', 'main-course']), ...ex(5, ['main-course'])], ['dinner', 'main-course'], vocabulary)).toEqual({ dinner: ['main-course'] });
  });

  it('gives the same model twice', () => {
    expect(trainField(EXAMPLES, ['dessert', 'snack'])).toEqual(trainField(EXAMPLES, ['dessert', 'snack']));
  });

  it('holds a group out whole: every example of a site lands in one fold, folds about even', () => {
    const grouped = EXAMPLES.map((e, i) => ({ ...e, group: `site${i % 13}` }));
    const folds = foldsOf(grouped);
    for (let g = 0; g < 13; g++) expect(new Set(folds.filter((_, i) => i % 13 === g)).size).toBe(1);
    const sizes = [0, 1, 2, 3, 4].map((f) => folds.filter((x) => x === f).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(16);
    expect(foldsOf(EXAMPLES)).toEqual(EXAMPLES.map((_, i) => i % 5));
  });
});
