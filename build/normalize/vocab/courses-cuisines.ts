/**
 * Courses and cuisines: free-text labels → the closed vocabularies of runtime/format/vocabulary.ts,
 * through the curated tables dataset/vocab/courses.json and cuisines.json.
 */
import coursesJson from '../../../dataset/vocab/courses.json' with { type: 'json' };
import cuisinesJson from '../../../dataset/vocab/cuisines.json' with { type: 'json' };
import { COURSES, CUISINES } from '../../../runtime/format/vocabulary.ts';
import { buildLabelIndex, lookupLabels, type LabelData } from './label-index.ts';
import { normalizeLanguage } from './language.ts';

const COURSE_INDEX = buildLabelIndex(coursesJson as LabelData, COURSES, 'dataset/vocab/courses.json');
const CUISINE_INDEX = buildLabelIndex(cuisinesJson as LabelData, CUISINES, 'dataset/vocab/cuisines.json');

/** Course vocabulary slugs from free-text labels in any language. */
export function mapCourses(labels: string[], language?: string): string[] {
  return lookupLabels(COURSE_INDEX, labels, normalizeLanguage(language));
}

/** Cuisine vocabulary slugs from free-text labels in any language. */
export function mapCuisines(labels: string[], language?: string): string[] {
  return lookupLabels(CUISINE_INDEX, labels, normalizeLanguage(language));
}
