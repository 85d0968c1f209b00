import { describe, expect, it } from 'vitest';
import { toRecipe } from '../../../../../build/normalize/recipe.ts';
import { evidenceOf } from '../../../../../build/normalize/vocab/label-model/features.ts';
import { LABEL_MODEL } from '../../../../../build/normalize/vocab/label-model/load.ts';
import { predictField, predictLabels, type FieldModel } from '../../../../../build/normalize/vocab/label-model/model.ts';
import { realCatalog, realRecord } from '../../../../helpers/label-records.ts';

const predict = (field: 'courses' | 'cuisines', source: string, key: string) =>
  predictLabels(LABEL_MODEL, field, evidenceOf(toRecipe(realRecord(source, key), { catalog: realCatalog(), inferLabels: false }), source)).map((p) => `${p.label} (${p.signal})`);

describe('predicting with the label model', () => {
  it('infers the course of Epicurious recipes from their ingredients, where the hand-labelled sample showed the class precise', () => {
    expect(predict('courses', 'epicurious', '1740')).toEqual(['dessert (ingredients)']); // Chewy Chocolate Chip Cookies
    // Fried Chicken Thighs with Cheesy Grits: a dinner, and so a main course (in the sample every dinner is one)
    expect(predict('courses', 'epicurious', '3288')).toEqual(['dinner (ingredients)', 'main-course (ingredients)']);
  });

  it('infers nothing where no threshold held on the sample: american for an Epicurious dish, a breakfast by its title word, a gratin', () => {
    expect(predict('cuisines', 'epicurious', '3288')).toEqual([]);
    expect(predict('courses', 'epicurious', '4046')).toEqual([]); // Breakfast Burritos
    expect(predict('courses', 'epicurious', '3305')).toEqual([]); // Classic Potato Gratin
  });

  it('infers drink for an Epicurious cocktail: the class held on the hand labels of the plain view', () => {
    expect(predict('courses', 'epicurious', '360')).toEqual(['drink (ingredients)']); // Negroni
  });

  it('infers a class only at or above its threshold, and names the family of features that weighed most', () => {
    const m: FieldModel = { classes: ['dessert', 'drink'], thresholds: [0.5, 0.9], bias: [0, 0], weights: { 'i:sugar': [1, 1], 't:cake': [2, -1], 'l:en': [0.5, 0] }, implies: {} };
    expect(predictField(m, ['i:sugar', 't:cake']).map((p) => [p.label, p.signal])).toEqual([['dessert', 'title']]);
    expect(predictField(m, ['i:sugar', 'l:en']).map((p) => [p.label, p.signal])).toEqual([['dessert', 'ingredients']]);
    expect(predictField(m, [])).toEqual([{ label: 'dessert', score: 0.5, signal: 'title' }]);
    expect(predictField({ ...m, thresholds: [0.51, 0.9] }, [])).toEqual([]);
  });

  it('adds the labels a predicted class implies, once, with its score and signal', () => {
    const m: FieldModel = { classes: ['dinner', 'main-course'], thresholds: [0.5, 0.9], bias: [0, 0], weights: { 'i:beef': [1, 1] }, implies: { dinner: ['main-course'] } };
    expect(predictField(m, ['i:beef']).map((p) => [p.label, p.signal])).toEqual([['dinner', 'ingredients'], ['main-course', 'ingredients']]);
    expect(predictField({ ...m, thresholds: [0.5, 0.5] }, ['i:beef']).map((p) => p.label)).toEqual(['dinner', 'main-course']);
    expect(predictField(m, ['t:x'])).toEqual([{ label: 'dinner', score: 0.5, signal: 'title' }, { label: 'main-course', score: 0.5, signal: 'title' }]);
  });

  it('ships only vocabulary classes, with a threshold, a bias and a weight for each', () => {
    for (const field of ['courses', 'cuisines'] as const) {
      for (const m of [LABEL_MODEL[field].full, LABEL_MODEL[field].plain]) {
        expect(m.thresholds).toHaveLength(m.classes.length);
        expect(m.bias).toHaveLength(m.classes.length);
        for (const w of Object.values(m.weights)) expect(w).toHaveLength(m.classes.length);
      }
    }
  });
});
