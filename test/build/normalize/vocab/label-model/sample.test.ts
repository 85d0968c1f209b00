import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelCorpus } from '../../../../../build/normalize/vocab/label-model/corpus.ts';
import { drawSample, inPopulation, readLabelSample, type LabelSample } from '../../../../../build/normalize/vocab/label-model/sample.ts';
import { COURSES, CUISINES } from '../../../../../runtime/format/vocabulary.ts';
import { DATASET } from '../../../../helpers/label-records.ts';

const file = (name: string) => JSON.parse(readFileSync(join(DATASET, 'vocab', name), 'utf8')) as LabelSample;

describe('the hand-labelled sample', () => {
  const recipes = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, courses: i % 3 === 0 ? ['dessert'] : [], cuisines: i % 5 === 0 ? ['thai'] : [] }));

  it('draws from the recipes lacking a course or a cuisine only, the same recipes for the same key', () => {
    const all = recipes(300);
    const drawn = drawSample(all, 'k', 50);
    expect(drawn).toHaveLength(50);
    expect(drawn.every(inPopulation)).toBe(true);
    expect(drawn).toEqual(drawSample([...all].reverse(), 'k', 50));
    expect(drawSample(all, 'other', 50)).not.toEqual(drawn);
  });

  it('keeps a drawn recipe drawn when recipes after it in the draw order leave the sources', () => {
    const all = recipes(300);
    const first = drawSample(all, 'k', 20);
    const rest = new Set(drawSample(all, 'k', 300).slice(40).map((r) => r.id));
    expect(drawSample(all.filter((r) => !rest.has(r.id)), 'k', 20)).toEqual(first);
  });

  it('reads no sample where a dataset has none (a synthetic build)', () => {
    expect(readLabelSample(join(DATASET, 'vocab', 'no-such-file.json')).size).toBe(0);
  });

  it('is the draw its file names, of recipes in the sources, with slugs of the closed vocabularies in their order', { timeout: 120_000 }, () => {
    const sample = file('label-sample.json');
    const corpus = labelCorpus(DATASET);
    const drawn = drawSample(corpus, sample.draw.key, sample.draw.size).map((r) => r.id);
    const stale = 'label-sample.json is not the draw it names: the sources changed. Label the new recipes (dataset/vocab/label-sample.md, "When sources add recipes")';
    expect(sample.draw.population, stale).toBe(corpus.filter(inPopulation).length);
    expect(sample.recipes.map((r) => r.id), stale).toEqual(drawn);
    for (const r of sample.recipes) {
      expect(r.courses).toEqual(COURSES.filter((c) => r.courses.includes(c)));
      expect(r.cuisines).toEqual(CUISINES.filter((c) => r.cuisines.includes(c)));
    }
    expect(corpus.filter((r) => r.sample).length).toBe(sample.recipes.length);
  });

  it("holds the second annotator's labels for recipes of the sample only, and the first pass for each of them", () => {
    const ids = new Set(file('label-sample.json').recipes.map((r) => r.id));
    expect(file('label-sample-first-pass.json').recipes.map((r) => r.id)).toEqual([...ids]);
    const second = file('label-sample-second.json').recipes;
    expect(second.length).toBeGreaterThan(100);
    expect(second.every((r) => ids.has(r.id))).toBe(true);
  });
});
