/** The query and path parameters of the OpenAPI document, one list per route. */
import { COURSES, CUISINES, DIETS, NUTRITION_PRESETS, TIME_PRESETS } from '../../format/vocabulary.ts';
import { SLUG_PATTERN_SOURCE as SLUG_PATTERN } from '../../format/slug.ts';
import { FACET_NAMES } from '../../query/filter.ts';
import { MAX_SERVINGS } from '../../query/params.ts';

const LANGUAGE_PATTERN = '^[A-Za-z]{2}$';

export const limitParam = {
  name: 'limit',
  in: 'query',
  description: 'Page size. Default 20; a value above 100 yields 100. A non-integer or a value below 1 gives 400.',
  schema: { type: 'integer', minimum: 1, default: 20 },
};
export const offsetParam = {
  name: 'offset',
  in: 'query',
  description: 'Number of items skipped. Default 0; a whole number of at least 0.',
  schema: { type: 'integer', minimum: 0, default: 0 },
};
const listParam = (name: string, description: string) => ({
  name,
  in: 'query',
  description: `${description} Comma-separated, 1 to 20 items, each at most 80 characters; case and spaces normalise to slugs; duplicates ignored; empty or malformed lists give 400.`,
  schema: { type: 'string' },
});
const intParam = (name: string, description: string, minimum: number, maximum?: number) => ({
  name,
  in: 'query',
  description,
  schema: { type: 'integer', minimum, ...(maximum !== undefined ? { maximum } : {}) },
});

const presetList = (table: Record<string, { description: string }>) =>
  Object.entries(table).map(([name, p]) => `\`${name}\` (${p.description})`).join(', ');

export const RECIPES_PARAMETERS = [
  { name: 'category', in: 'query', description: 'One category slug (lowercase letters of any script, digits, hyphens), as listed by GET /vocabularies.', schema: { type: 'string', pattern: SLUG_PATTERN } },
  { name: 'course', in: 'query', description: 'One value from the course vocabulary.', schema: { type: 'string', enum: COURSES } },
  { name: 'cuisine', in: 'query', description: 'One value from the cuisine vocabulary.', schema: { type: 'string', enum: CUISINES } },
  { name: 'diet', in: 'query', description: 'One value from the diet vocabulary; only recipes known to suit it.', schema: { type: 'string', enum: DIETS } },
  { name: 'ingredient', in: 'query', description: 'One canonical ingredient id (slug); see GET /ingredients.', schema: { type: 'string', pattern: SLUG_PATTERN } },
  listParam('ingredients', 'Ingredient names or ids, all required. Unknown names yield no matches.'),
  listParam('excludeIngredients', 'Ingredient names or ids; recipes using any (optional ones included) are excluded. Unknown names exclude nothing.'),
  listParam('equipment', 'Equipment names, all required. Unknown slugs yield no matches.'),
  { name: 'language', in: 'query', description: 'Two-letter ISO 639-1 code.', schema: { type: 'string', pattern: LANGUAGE_PATTERN } },
  intParam('maxTotalMinutes', 'Total time at most this many minutes (inclusive); recipes without total time are excluded.', 1),
  intParam('maxCookMinutes', 'Cook time at most this many minutes (inclusive).', 1, 10080),
  intParam('maxCalories', 'Kilocalories per serving at most this (inclusive).', 1, 10000),
  intParam('minProtein', 'Grams of protein per serving at least this (inclusive).', 1, 1000),
  intParam('maxSodium', 'Milligrams of sodium per serving at most this (inclusive).', 1, 100000),
  intParam('minFiber', 'Grams of fiber per serving at least this (inclusive).', 1, 200),
  { name: 'nutrition', in: 'query', description: `Comma-separated presets: ${presetList(NUTRITION_PRESETS)}. With an explicit bound on the same nutrient, the tighter wins.`, schema: { type: 'string' } },
  { name: 'time', in: 'query', description: `Total-time preset: ${presetList(TIME_PRESETS)}. \`weekend\` with maxTotalMinutes below 60 gives 400.`, schema: { type: 'string', enum: Object.keys(TIME_PRESETS) } },
  limitParam,
  offsetParam,
  {
    name: 'facets',
    in: 'query',
    description: `Comma-separated facet names from ${FACET_NAMES.map((n) => `\`${n}\``).join(', ')}: adds \`facets: {<facet>: {<value>: <count>}}\`, the counts over the whole filtered set (before paging), zero counts left out. An unknown name gives 400 listing the accepted names; duplicates ignored.`,
    schema: { type: 'string', examples: ['cuisine,diet'] },
  },
];

export const RECIPE_ID_PARAMETERS = [
  { name: 'id', in: 'path', required: true, description: 'Opaque recipe id from a list response.', schema: { type: 'string' } },
  {
    name: 'servings',
    in: 'query',
    description: `Scale every quantity (\`value\` and \`max\`) from the recipe's servings to this many: a number greater than 0 and at most ${MAX_SERVINGS}, up to 3 decimals, such as 4 or 2.5. Amounts are rounded for cooks (fractions of cups and spoons, grams to whole or 5 g). Each ingredient gains \`adjustedDisplay\`, its line rewritten; \`servings\` becomes \`{quantity, original}\`. On a recipe that does not say how many it serves (\`servings.original\` empty) it gives 400 \`SERVINGS_UNKNOWN\`; any other value gives 400 \`INVALID_SERVINGS\`.`,
    schema: { type: 'number', exclusiveMinimum: 0, maximum: MAX_SERVINGS, examples: [4] },
  },
  {
    name: 'units',
    in: 'query',
    description: '`metric` or `us`: weights and volumes in that system (g, kg, ml, l ↔ oz, lb, tsp, tbsp, cup; the US cup is 236.6 ml). With `metric`, a US volume (cup, fl oz, pint, quart, gallon) of an ingredient whose density the catalog knows (from Open Tandoor Data: flour, sugar, butter and about 120 more) is weighed in g or kg instead (2¼ cups all-purpose flour → 270 g); without a known density it becomes ml. `us` never turns a weight into a volume or back. Teaspoons and tablespoons stay spoons in metric; counts, cloves, pinches, cans and the like are never converted. The author\'s own amount wins: when a line also gives its amount in the target system (kept in the ingredient\'s `note`: "2 cups (300 g) flour", "250g (8¾ oz) broccoli"), that amount is used instead of a conversion, of either kind ("1 cup (240 ml) milk" → 240 ml), scaled by `servings` in its own unit and printed once ("300 g flour"); teaspoons and tablespoons count only for `us` ("8g salt (1 1/2 tsp)" → 1 1/2 tsp). It is taken only when it agrees with the quantity (same kind within 1.5×, 0.03 to 2 g per ml across kinds) and is not an addition or an alternative ("1/4 cup plus 1 tablespoon (75 ml)"). Each ingredient gains `adjustedDisplay`. Any other value gives 400 `INVALID_UNITS`.',
    schema: { type: 'string', enum: ['metric', 'us'] },
  },
];

export const INGREDIENTS_PARAMETERS = [
  { name: 'q', in: 'query', description: 'Case-insensitive prefix of any name of the ingredient (any language), 1 to 80 characters.', schema: { type: 'string', minLength: 1, maxLength: 80 } },
  limitParam,
  offsetParam,
];

export const PANTRY_PARAMETERS = [
  { name: 'ingredients', in: 'query', required: true, description: 'What you have: comma-separated names or canonical ids, 1 to 20 items, each at most 80 characters; whole names in any catalog language, case-insensitive, a space and a hyphen alike.', schema: { type: 'string' } },
  { name: 'language', in: 'query', description: 'Two-letter ISO 639-1 code. Default `en`.', schema: { type: 'string', pattern: LANGUAGE_PATTERN, default: 'en' } },
  limitParam,
  offsetParam,
  intParam('maxMissing', 'Only recipes missing at most this many ingredients; 0 = what can be cooked now.', 0, 20),
  { name: 'assumeStaples', in: 'query', description: 'Opt-in: `true` counts water, salt and black pepper as available (they never qualify a recipe on their own). Default `false`.', schema: { type: 'boolean', default: false } },
];

export const SEARCH_PARAMETERS = [
  { name: 'query', in: 'query', required: true, description: 'What to search for; missing or empty gives 400. At most 200 characters.', schema: { type: 'string', minLength: 1, maxLength: 200 } },
  { name: 'limit', in: 'query', description: 'How many results. Default 10; a value above 50 yields 50. A non-integer or a value below 1 gives 400.', schema: { type: 'integer', minimum: 1, default: 10 } },
  { name: 'language', in: 'query', description: 'Only recipes in this language (two-letter code).', schema: { type: 'string', pattern: LANGUAGE_PATTERN } },
  { name: 'cuisine', in: 'query', description: 'Only recipes of this cuisine.', schema: { type: 'string', enum: CUISINES } },
  { name: 'course', in: 'query', description: 'Only recipes of this course.', schema: { type: 'string', enum: COURSES } },
  { name: 'diet', in: 'query', description: 'Only recipes known to suit this diet.', schema: { type: 'string', enum: DIETS } },
];

/** Every API GET takes a validator from an earlier 200 (runtime/http/etag.ts). */
export const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  description: 'The ETag of an earlier 200 for the same request: a 304 without a body when the answer is unchanged (same dataset version). A 304 counts against the allowance.',
  schema: { type: 'string' },
};
