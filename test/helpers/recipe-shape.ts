import type { Recipe } from '../../runtime/format/recipe.ts';

/**
 * Checks one compiled Recipe against SPEC.md § Resources and their fields (plus the two
 * filter fields). Throws an Error naming the recipe and the offending field; returns nothing.
 * Shared by the normaliser tests and the compiler's integration test.
 */
export function assertRecipeShape(r: Recipe): void {
  const where = `recipe ${String((r as { id?: unknown }).id)}`;
  const fail = (field: string, why: string): never => {
    throw new Error(`${where}: ${field} ${why}`);
  };
  const isString = (v: unknown): v is string => typeof v === 'string';
  const isUrl = (v: unknown): boolean => {
    if (!isString(v) || !/^https?:\/\//.test(v)) return false;
    try {
      new URL(v);
      return true;
    } catch {
      return false;
    }
  };
  const isAmount = (v: unknown): boolean =>
    !!v && typeof v === 'object' && isString((v as { unit?: unknown }).unit) && Number.isFinite((v as { value?: unknown }).value);
  const stringArray = (field: string, v: unknown): void => {
    if (!Array.isArray(v) || !v.every(isString)) fail(field, 'must be an array of strings');
  };
  const slugArray = (field: string, v: unknown): void => {
    stringArray(field, v);
    // Slugs: lower-case letters (any script), marks and digits joined by single hyphens.
    for (const s of v as string[]) if (s !== s.toLowerCase() || !/^[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*$/u.test(s)) fail(field, `holds a non-slug '${s}'`);
  };
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

  if (!isString(r.id) || r.id === '') fail('id', 'must be a non-empty string');
  if (!isString(r.title)) fail('title', 'must be a string');
  if (!isString(r.description)) fail('description', 'must be a string');
  if (!isUrl(r.url)) fail('url', `must be an http(s) URL, got '${String(r.url)}'`);
  if (r.author !== undefined) {
    if (!isString(r.author.name) || r.author.name === '') fail('author.name', 'must be a non-empty string');
    if (!isUrl(r.author.url)) fail('author.url', `must be a URL, got '${String(r.author.url)}'`);
  }
  if (!isString(r.language) || !/^[a-z]{2}$/.test(r.language)) fail('language', `must be a two-letter code, got '${String(r.language)}'`);

  if (!Array.isArray(r.instructions)) fail('instructions', 'must be an array');
  r.instructions.forEach((s, i) => {
    if (s.step !== i + 1) fail(`instructions[${i}].step`, `must be ${i + 1}, got ${String(s.step)}`);
    if (!isString(s.text) || s.text === '') fail(`instructions[${i}].text`, 'must be a non-empty string');
  });
  if (!r.text || typeof r.text !== 'object') fail('text', 'must be an object');
  stringArray('text.ingredients', r.text.ingredients);
  stringArray('text.instructions', r.text.instructions);
  if (JSON.stringify(r.text.instructions) !== JSON.stringify(r.instructions.map((s) => s.text))) fail('text.instructions', 'must equal the step texts');
  if (!Array.isArray(r.ingredients)) fail('ingredients', 'must be an array');
  if (JSON.stringify(r.text.ingredients) !== JSON.stringify(r.ingredients.map((i) => i.display))) fail('text.ingredients', 'must equal the display lines');
  r.ingredients.forEach((ing, i) => {
    const f = `ingredients[${i}]`;
    if (!isString(ing.display) || ing.display === '') fail(`${f}.display`, 'must be a non-empty string');
    if (!isString(ing.name)) fail(`${f}.name`, 'must be a string');
    if (typeof ing.optional !== 'boolean') fail(`${f}.optional`, 'must be a boolean');
    if (ing.quantity !== undefined) {
      if (!isAmount(ing.quantity)) fail(`${f}.quantity`, 'must be {unit, value}');
      if (ing.quantity.max !== undefined && !Number.isFinite(ing.quantity.max)) fail(`${f}.quantity.max`, 'must be a number');
    }
    for (const k of ['preparation', 'note', 'id'] as const) if (ing[k] !== undefined && !isString(ing[k])) fail(`${f}.${k}`, 'must be a string when present');
  });

  slugArray('categories', r.categories);
  slugArray('courses', r.courses);
  slugArray('cuisines', r.cuisines);
  stringArray('tags', r.tags);

  if (!Array.isArray(r.media)) fail('media', 'must be an array');
  r.media.forEach((m, i) => {
    const f = `media[${i}]`;
    for (const k of ['id', 'role', 'type'] as const) if (!isString(m[k]) || m[k] === '') fail(`${f}.${k}`, 'must be a non-empty string');
    if (!isUrl(m.url)) fail(`${f}.url`, 'must be a URL');
    if (!Array.isArray(m.variants) || !m.variants.every((v) => isUrl(v.url))) fail(`${f}.variants`, 'must be an array of {url}');
  });

  if (!r.nutrition || typeof r.nutrition !== 'object' || Array.isArray(r.nutrition)) fail('nutrition', 'must be an object');
  const n = r.nutrition;
  if (n.basis !== undefined && !isString(n.basis.type)) fail('nutrition.basis.type', 'must be a string');
  if (n.source !== undefined && !isString(n.source)) fail('nutrition.source', 'must be a string');
  if (n.calories !== undefined && (!isAmount(n.calories) || n.calories.unit !== 'kcal')) fail('nutrition.calories', 'must be {unit: kcal, value}');
  for (const k of ['carbohydrates', 'fat', 'fiber', 'protein', 'saturatedFat', 'sugar'] as const) {
    if (n[k] !== undefined && (!isAmount(n[k]) || n[k].unit !== 'g')) fail(`nutrition.${k}`, 'must be {unit: g, value}');
  }
  for (const k of ['cholesterol', 'sodium'] as const) {
    if (n[k] !== undefined && (!isAmount(n[k]) || !['mg', 'g'].includes(n[k].unit))) fail(`nutrition.${k}`, 'must be {unit: mg|g, value}');
  }
  if (n.micronutrients !== undefined && !Object.values(n.micronutrients).every(isAmount)) fail('nutrition.micronutrients', 'must map names to {unit, value}');

  const { count, reviewCount, value } = r.rating ?? ({} as Recipe['rating']);
  if (!Number.isInteger(count) || !Number.isInteger(reviewCount) || !Number.isFinite(value)) fail('rating', 'must be {count: integer, reviewCount: integer, value: number}');

  if (!Number.isFinite(r.servings?.quantity) || !isString(r.servings.original)) fail('servings', 'must be {quantity: number, original: string}');
  if (r.servings.max !== undefined && !Number.isFinite(r.servings.max)) fail('servings.max', 'must be a number when present');

  if (!r.times || typeof r.times !== 'object') fail('times', 'must be an object');
  for (const k of ['prep', 'cook', 'total'] as const) {
    const t = r.times[k];
    if (t !== undefined && (!Number.isInteger(t.seconds) || t.seconds < 0)) fail(`times.${k}.seconds`, 'must be a non-negative integer');
  }

  if (!iso.test(r.createdAt) || new Date(r.createdAt).toISOString() !== r.createdAt) fail('createdAt', `must be ISO 8601 UTC with milliseconds, got '${r.createdAt}'`);
  if (!iso.test(r.updatedAt) || new Date(r.updatedAt).toISOString() !== r.updatedAt) fail('updatedAt', `must be ISO 8601 UTC with milliseconds, got '${r.updatedAt}'`);
  if (r.updatedAt < r.createdAt) fail('updatedAt', 'must not be earlier than createdAt');

  slugArray('diets', r.diets);
  for (const d of r.diets) if (!['dairy-free', 'gluten-free', 'pescatarian', 'vegan', 'vegetarian'].includes(d)) fail('diets', `holds an unknown diet '${d}'`);
  if (r.equipment !== undefined) {
    slugArray('equipment', r.equipment);
    if (r.equipment.length === 0) fail('equipment', 'must be absent rather than empty');
  }
}
