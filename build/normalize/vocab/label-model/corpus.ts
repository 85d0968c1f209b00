/**
 * The recipes the label model learns from and is measured on: every source record compiled with
 * its own labels only (inference off), in recipe id order (so folds do not depend on source order),
 * with the hand labels of the recipes in the sample (sample.ts).
 */
import { join } from 'node:path';
import { loadCatalog } from '../../catalog.ts';
import { toRecipe } from '../../recipe.ts';
import { readAllSources } from '../../../sources/index.ts';
import { evidenceOf, type ModelEvidence } from './features.ts';
import { readLabelSample, type SampleLabels } from './sample.ts';

export interface CorpusRecipe {
  id: string;
  evidence: ModelEvidence;
  courses: readonly string[];
  cuisines: readonly string[];
  /** The hand labels when the recipe is in the sample. */
  sample?: SampleLabels;
}

export function labelCorpus(datasetDir: string): CorpusRecipe[] {
  const catalog = loadCatalog(datasetDir);
  const sample = readLabelSample(join(datasetDir, 'vocab', 'label-sample.json'));
  return readAllSources(datasetDir)
    .map((rec) => {
      const r = toRecipe(rec, { catalog, inferLabels: false });
      const hand = sample.get(r.id);
      return { id: r.id, evidence: evidenceOf(r, rec.source), courses: r.courses, cuisines: r.cuisines, ...(hand ? { sample: hand } : {}) };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
