import { describe, expect, it } from 'vitest';
import { scoreLogistic, trainLogistic, type Example } from '../../../../../build/normalize/vocab/label-model/logistic.ts';

/** 60 recipes: 'sugar' marks a dessert, 'beef' a main course, 'salt' is everywhere and says nothing. */
const EXAMPLES: Example[] = Array.from({ length: 60 }, (_, i) =>
  i % 3 === 0 ? { features: ['i:salt', 'i:sugar', `t:w${i}`], labels: ['dessert'] } : i % 3 === 1 ? { features: ['i:beef', 'i:salt'], labels: ['main-course'] } : { features: ['i:salt', 'i:water'], labels: ['drink'] },
);

describe('one-vs-rest logistic regression', () => {
  it('learns which features carry a class and scores new recipes by them', () => {
    const m = trainLogistic(EXAMPLES, ['dessert', 'main-course']);
    const [dessert, main] = scoreLogistic(m, ['i:sugar', 'i:salt']);
    expect(dessert).toBeGreaterThan(0.8);
    expect(main).toBeLessThan(0.2);
    expect(scoreLogistic(m, ['i:beef'])[1]).toBeGreaterThan(0.8);
    expect(m.weights.get('i:sugar')![0]).toBeGreaterThan(Math.abs(m.weights.get('i:salt')![0]!));
  });

  it('gives no weight to a feature seen in a single training recipe', () => {
    const m = trainLogistic(EXAMPLES, ['dessert']);
    expect(m.weights.has('t:w0')).toBe(false);
    expect(scoreLogistic(m, ['t:unseen'])).toEqual(scoreLogistic(m, []));
  });

  it('gives the same rounded weights every run, whatever was trained before', () => {
    const a = trainLogistic(EXAMPLES, ['dessert', 'main-course']);
    trainLogistic(EXAMPLES.slice(7), ['drink']);
    const b = trainLogistic(EXAMPLES, ['dessert', 'main-course']);
    expect([...b.weights]).toEqual([...a.weights]);
    expect(b.bias).toEqual(a.bias);
    for (const w of [...a.weights.values()].flat()) expect(Math.round(w * 1000) / 1000).toBe(w);
  });
});
