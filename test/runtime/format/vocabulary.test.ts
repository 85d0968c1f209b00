import { describe, expect, it } from 'vitest';
import { COURSES, CUISINES, DIETS, NUTRITION_PRESETS, TIME_PRESETS } from '../../../runtime/format/vocabulary.ts';

// Copied by hand from SPEC.md § Closed vocabularies: a change to either side must be deliberate.
const SPEC_COURSES = 'appetizer, breakfast, brunch, dessert, dinner, drink, lunch, main-course, side-dish, snack';
const SPEC_DIETS = 'dairy-free, gluten-free, pescatarian, vegan, vegetarian';
const SPEC_CUISINES =
  'african, american, argentinian, asian, australian, austrian, belgian, brazilian, british, cajun, caribbean, chinese, cuban, danish, dutch, eastern-european, egyptian, ethiopian, filipino, finnish, french, german, greek, hungarian, indian, indonesian, iranian, irish, israeli, italian, jamaican, japanese, korean, latin-american, lebanese, malaysian, mediterranean, mexican, middle-eastern, moroccan, norwegian, pakistani, peruvian, polish, portuguese, russian, scandinavian, southern-us, spanish, swedish, swiss, tex-mex, thai, turkish, vietnamese';

describe('closed vocabularies', () => {
  it("vocabulary lists equal SPEC.md's", () => {
    expect(COURSES).toEqual(SPEC_COURSES.split(', '));
    expect(DIETS).toEqual(SPEC_DIETS.split(', '));
    expect(CUISINES).toEqual(SPEC_CUISINES.split(', '));
    expect([COURSES.length, DIETS.length, CUISINES.length]).toEqual([10, 5, 55]);
  });

  it("nutrition presets have exactly SPEC.md's per-serving bounds", () => {
    expect(Object.keys(NUTRITION_PRESETS).sort()).toEqual(['high-fiber', 'high-protein', 'low-calorie', 'low-sodium']);
    const bounds = Object.fromEntries(Object.entries(NUTRITION_PRESETS).map(([k, p]) => [k, [p.field, p.op, p.bound]]));
    expect(bounds).toEqual({
      'high-fiber': ['fiber', 'ge', 5],
      'high-protein': ['protein', 'ge', 20],
      'low-calorie': ['calories', 'le', 400],
      'low-sodium': ['sodium', 'le', 140],
    });
  });

  it("time presets have exactly SPEC.md's total-time bounds in seconds", () => {
    const bounds = Object.fromEntries(Object.entries(TIME_PRESETS).map(([k, p]) => [k, [p.field, p.op, p.bound]]));
    expect(bounds).toEqual({
      'under-15': ['totalTime', 'le', 15 * 60 - 1],
      'under-30': ['totalTime', 'le', 30 * 60 - 1],
      weekend: ['totalTime', 'ge', 60 * 60],
    });
  });
});
