/**
 * The hand-labelled sample (dataset/vocab/label-sample.json): a seeded random draw of the recipes
 * whose own data give no course or no cuisine — the recipes the model labels in the build —
 * labelled by hand after dataset/vocab/label-sample.md. It is training data and the measuring
 * stick of the inferred labels: the thresholds of the plain view are chosen on it, and
 * test/eval/label-model.ts measures precision on it held out. The build gives a sampled recipe
 * its hand labels where its own data give none, an empty list too (build/normalize/vocab/fill-empty.ts); the
 * model labels the rest (none today: the sample is the whole population, label-sample.md).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

export interface SampleLabels {
  courses: readonly string[];
  cuisines: readonly string[];
}

export interface LabelSample {
  $comment?: string;
  /** How the recipes were drawn (so that the draw can be repeated: build/label-sample.ts). */
  draw: { key: string; size: number; population: number };
  recipes: ({ id: string } & SampleLabels)[];
}

/** The sample by recipe id (empty when the dataset has no sample file). */
export function readLabelSample(file: string): Map<string, SampleLabels> {
  if (!existsSync(file)) return new Map();
  const sample = JSON.parse(readFileSync(file, 'utf8')) as LabelSample;
  return new Map(sample.recipes.map(({ id, courses, cuisines }) => [id, { courses, cuisines }]));
}

/** The population a sample is drawn from: the recipes whose own data give no course or no cuisine. */
export const inPopulation = (r: { courses: readonly string[]; cuisines: readonly string[] }): boolean => r.courses.length === 0 || r.cuisines.length === 0;

/**
 * The draw: the population ordered by SHA-256 of `key:id`, first `size`. A fixed key gives the
 * same recipes on every run, and a recipe stays drawn while the ones before it stay in the sources.
 */
export function drawSample<R extends { id: string; courses: readonly string[]; cuisines: readonly string[] }>(recipes: readonly R[], key: string, size: number): R[] {
  return recipes
    .filter(inPopulation)
    .map((r) => ({ r, k: createHash('sha256').update(`${key}:${r.id}`).digest('hex') }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .slice(0, size)
    .map(({ r }) => r);
}
