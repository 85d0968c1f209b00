import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelCorpus } from '../../build/normalize/vocab/label-model/corpus.ts';
import { LABEL_MODEL_FILE } from '../../build/normalize/vocab/label-model/load.ts';
import { modelText, trainModel } from '../../build/normalize/vocab/label-model/train-all.ts';

const DATASET = join(import.meta.dirname, '../../dataset');

describe('npm run train:labels', () => {
  it('committed the model that the current sources train, byte for byte (else: npm run train:labels)', { timeout: 300_000 }, () => {
    const text = modelText(trainModel(labelCorpus(DATASET)));
    expect(text === readFileSync(LABEL_MODEL_FILE, 'utf8'), 'dataset/vocab/label-model.json is stale: run npm run train:labels').toBe(true);
  });
});
