/**
 * The recipes the label model learns from and is measured on: every source record compiled with
 * its own labels only (inference off), in recipe id order (so folds do not depend on source order).
 */
import { loadCatalog } from '../../catalog.ts';
import { toRecipe } from '../../recipe.ts';
import { readAllSources } from '../../../sources/index.ts';
import { evidenceOf, type ModelEvidence } from './features.ts';

export interface CorpusRecipe {
  id: string;
  evidence: ModelEvidence;
  courses: readonly string[];
  cuisines: readonly string[];
}

export function labelCorpus(datasetDir: string): CorpusRecipe[] {
  const catalog = loadCatalog(datasetDir);
  return readAllSources(datasetDir)
    .map((rec) => {
      const r = toRecipe(rec, { catalog, inferLabels: false });
      return { id: r.id, evidence: evidenceOf(r, rec.source), courses: r.courses, cuisines: r.cuisines };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
