/**
 * Vocabulary normalisation: languages, courses, cuisines, categories and equipment.
 * Implementation in build/normalize/vocab/; curated data in dataset/vocab/ (rules in its README).
 */
export { normalizeLanguage } from './vocab/language.ts';
export { mapCourses, mapCuisines } from './vocab/courses-cuisines.ts';
export { categorySlugs } from './vocab/categories.ts';
export { mapEquipment, equipmentFromInstructions, EQUIPMENT_SLUGS } from './vocab/equipment.ts';
export { slugify } from './vocab/text.ts';
