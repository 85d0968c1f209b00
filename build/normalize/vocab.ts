// STUB — owned by the vocabulary helper; replace wholesale (keep the exported signatures).

/** ISO 639-1 code from 'en-US', 'pt_PT', 'German', ...; undefined when not recognisable. */
export function normalizeLanguage(_raw: string | undefined): string | undefined {
  return undefined;
}
/** Course vocabulary slugs from free-text labels in any language. */
export function mapCourses(_labels: string[], _language?: string): string[] {
  return [];
}
/** Cuisine vocabulary slugs from free-text labels in any language. */
export function mapCuisines(_labels: string[], _language?: string): string[] {
  return [];
}
/** Category slugs (open set) from free-text category labels. */
export function categorySlugs(_labels: string[], _language?: string): string[] {
  return [];
}
/** Equipment slugs from a structured equipment list. */
export function mapEquipment(_names: string[], _language?: string): string[] {
  return [];
}
/** Equipment slugs recognised in instruction texts; [] when none recognised. */
export function equipmentFromInstructions(_steps: string[], _language?: string): string[] {
  return [];
}
/** Lower-case ASCII-ish slug: 'Main Course' → 'main-course'; keeps non-Latin letters. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
