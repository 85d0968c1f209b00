/**
 * The OpenAPI 3.1 document served at GET /openapi.json (and rendered by GET /docs). A plain
 * object: test/runtime/http/openapi.test.ts checks that every route and every parameter the
 * parsers accept appears here.
 */
import { COURSES, CUISINES, DIETS, NUTRITION_PRESETS, TIME_PRESETS } from '../format/vocabulary.ts';
import { SLUG_PATTERN_SOURCE } from '../format/slug.ts';

const ref = (name: string) => ({ $ref: `#/components/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });

const rateHeaders = {
  'RateLimit-Policy': ref('headers/RateLimitPolicy'),
  RateLimit: ref('headers/RateLimit'),
};

/** Error responses every counted endpoint can give. */
const commonErrors = {
  '401': ref('responses/Unauthorized'),
  '405': ref('responses/MethodNotAllowed'),
  '429': ref('responses/RateLimited'),
  '500': ref('responses/ServerError'),
  '503': ref('responses/Unavailable'),
};

const security = [{ bearer: [] }, {}];

const limitParam = {
  name: 'limit',
  in: 'query',
  description: 'Page size. Default 20; a value above 100 yields 100. A non-integer or a value below 1 gives 400.',
  schema: { type: 'integer', minimum: 1, default: 20 },
};
const offsetParam = {
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

const recipeSchema = {
  type: 'object',
  description: 'SPEC.md § Recipe. Optional fields are absent when unknown, never null.',
  required: ['id', 'title', 'description', 'url', 'language', 'instructions', 'text', 'ingredients', 'categories', 'courses', 'cuisines', 'tags', 'media', 'nutrition', 'rating', 'servings', 'times', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    url: { type: 'string', format: 'uri' },
    author: { type: 'object', properties: { name: { type: 'string' }, url: { type: 'string', format: 'uri' } } },
    language: { type: 'string', pattern: '^[a-z]{2}$' },
    instructions: { type: 'array', items: { type: 'object', properties: { step: { type: 'integer' }, text: { type: 'string' } } } },
    text: { type: 'object', properties: { ingredients: { type: 'array', items: { type: 'string' } }, instructions: { type: 'array', items: { type: 'string' } } } },
    ingredients: {
      type: 'array',
      items: {
        type: 'object',
        required: ['display', 'name', 'optional'],
        properties: {
          display: { type: 'string' },
          name: { type: 'string' },
          optional: { type: 'boolean' },
          quantity: { type: 'object', properties: { unit: { type: 'string' }, value: { type: 'number' } } },
          preparation: { type: 'string' },
          note: { type: 'string' },
        },
      },
    },
    categories: { type: 'array', items: { type: 'string' } },
    courses: { type: 'array', items: { type: 'string', enum: COURSES } },
    cuisines: { type: 'array', items: { type: 'string', enum: CUISINES } },
    tags: { type: 'array', items: { type: 'string' } },
    media: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          role: { type: 'string' },
          type: { type: 'string' },
          url: { type: 'string', format: 'uri' },
          variants: { type: 'array', items: { type: 'object', properties: { url: { type: 'string', format: 'uri' } } } },
        },
      },
    },
    nutrition: { type: 'object', description: 'Per-serving figures when basis.type is "serving"; each nutrient {unit, value}; any may be absent.' },
    rating: { type: 'object', properties: { count: { type: 'integer' }, reviewCount: { type: 'integer' }, value: { type: 'number' } } },
    servings: { type: 'object', properties: { quantity: { type: 'number' }, max: { type: 'number' }, original: { type: 'string' } } },
    times: {
      type: 'object',
      properties: Object.fromEntries(['prep', 'cook', 'total'].map((k) => [k, { type: 'object', properties: { seconds: { type: 'integer' } } }])),
    },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

const presetList = (table: Record<string, { description: string }>) =>
  Object.entries(table).map(([name, p]) => `\`${name}\` (${p.description})`).join(', ');

export const OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'Recipe Database Service',
    version: '1.0.0',
    description:
      'A read-only JSON API over a recipe dataset. Every API request may carry `Authorization: Bearer <API key>` (required when the deployment requires keys). The free allowance is a number of requests per UTC day per account, shared by its keys; every authenticated request to an API route counts, including 4xx answers, except 401s. Errors use one envelope: {"error": {"message", "code"}}.',
  },
  servers: [{ url: '/' }],
  security,
  paths: {
    '/recipes': {
      get: {
        summary: 'List recipes, newest first, filtered and paged',
        operationId: 'listRecipes',
        parameters: [
          { name: 'category', in: 'query', description: 'One category slug (lowercase letters of any script, digits, hyphens), as listed by GET /vocabularies.', schema: { type: 'string', pattern: SLUG_PATTERN_SOURCE } },
          { name: 'course', in: 'query', description: 'One value from the course vocabulary.', schema: { type: 'string', enum: COURSES } },
          { name: 'cuisine', in: 'query', description: 'One value from the cuisine vocabulary.', schema: { type: 'string', enum: CUISINES } },
          { name: 'diet', in: 'query', description: 'One value from the diet vocabulary; only recipes known to suit it.', schema: { type: 'string', enum: DIETS } },
          { name: 'ingredient', in: 'query', description: 'One canonical ingredient id (slug); see GET /ingredients.', schema: { type: 'string', pattern: SLUG_PATTERN_SOURCE } },
          listParam('ingredients', 'Ingredient names or ids, all required. Unknown names yield no matches.'),
          listParam('excludeIngredients', 'Ingredient names or ids; recipes using any (optional ones included) are excluded. Unknown names exclude nothing.'),
          listParam('equipment', 'Equipment names, all required. Unknown slugs yield no matches.'),
          { name: 'language', in: 'query', description: 'Two-letter ISO 639-1 code.', schema: { type: 'string', pattern: '^[A-Za-z]{2}$' } },
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
        ],
        responses: {
          '200': { description: 'A page of recipes.', headers: rateHeaders, content: json(ref('schemas/RecipeList')) },
          '400': ref('responses/BadRequest'),
          ...commonErrors,
        },
      },
    },
    '/recipes/{id}': {
      get: {
        summary: 'Retrieve one recipe by id',
        operationId: 'getRecipe',
        parameters: [{ name: 'id', in: 'path', required: true, description: 'Opaque recipe id from a list response.', schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The recipe.', headers: rateHeaders, content: json(ref('schemas/Recipe')) },
          '400': ref('responses/BadRequest'),
          '404': { description: 'Recipe not found. (message "Recipe not found.")', headers: rateHeaders, content: json(ref('schemas/Error')) },
          ...commonErrors,
        },
      },
    },
    '/popular': {
      get: {
        summary: 'Recipes in popularity order (rating-based), paged like /recipes',
        operationId: 'listPopular',
        parameters: [limitParam, offsetParam],
        responses: {
          '200': { description: 'A page of recipes.', headers: rateHeaders, content: json(ref('schemas/RecipeList')) },
          '400': ref('responses/BadRequest'),
          ...commonErrors,
        },
      },
    },
    '/ingredients': {
      get: {
        summary: 'Canonical ingredients and their ids, paged, with an optional name-prefix lookup',
        operationId: 'listIngredients',
        parameters: [
          { name: 'q', in: 'query', description: 'Case-insensitive prefix of any name of the ingredient (any language), 1 to 80 characters.', schema: { type: 'string', minLength: 1, maxLength: 80 } },
          limitParam,
          offsetParam,
        ],
        responses: {
          '200': { description: 'A page of ingredients.', headers: rateHeaders, content: json(ref('schemas/IngredientList')) },
          '400': ref('responses/BadRequest'),
          ...commonErrors,
        },
      },
    },
    '/vocabularies': {
      get: {
        summary: 'The closed vocabularies, the open ones found in the data, and every preset with its rule',
        operationId: 'getVocabularies',
        parameters: [],
        responses: {
          '200': { description: 'The vocabularies.', headers: rateHeaders, content: json(ref('schemas/Vocabularies')) },
          '400': ref('responses/BadRequest'),
          ...commonErrors,
        },
      },
    },
    '/pantry': {
      get: {
        summary: 'Recipes ranked by how much of each one a pantry covers',
        operationId: 'pantry',
        description:
          'coverage = matched ÷ counted ingredients (non-optional lines, each canonical ingredient once; a line without a canonical id is always missing). Order: coverage descending, then fewer missing, then newest. Only recipes using at least one pantry ingredient in a non-optional line.',
        parameters: [
          { name: 'ingredients', in: 'query', required: true, description: 'What you have: comma-separated names or canonical ids, 1 to 20 items, each at most 80 characters; whole names in any catalog language, case-insensitive, a space and a hyphen alike.', schema: { type: 'string' } },
          { name: 'language', in: 'query', description: 'Two-letter ISO 639-1 code. Default `en`.', schema: { type: 'string', pattern: '^[A-Za-z]{2}$', default: 'en' } },
          { ...limitParam, description: 'Page size. Default 20; a value above 100 yields 100. A non-integer or a value below 1 gives 400.' },
          offsetParam,
          intParam('maxMissing', 'Only recipes missing at most this many ingredients; 0 = what can be cooked now.', 0, 20),
          { name: 'assumeStaples', in: 'query', description: 'Opt-in: `true` counts water, salt and black pepper as available (they never qualify a recipe on their own). Default `false`.', schema: { type: 'boolean', default: false } },
        ],
        responses: {
          '200': { description: 'A page of pantry results.', headers: rateHeaders, content: json(ref('schemas/PantryList')) },
          '400': ref('responses/BadRequest'),
          ...commonErrors,
        },
      },
    },
    '/search': {
      get: {
        summary: 'Relevance-ranked search (no paging)',
        operationId: 'search',
        description:
          'BM25F over title, ingredient names, tags/categories/cuisines, description and instructions; accents folded; light stemming per recipe language; Chinese/Japanese by character pairs; typo tolerance (0 edits up to 4 letters, 1 up to 8, 2 beyond; first letter kept); the last word also matches as a prefix.',
        parameters: [
          { name: 'query', in: 'query', required: true, description: 'What to search for; missing or empty gives 400. At most 200 characters.', schema: { type: 'string', minLength: 1, maxLength: 200 } },
          { name: 'limit', in: 'query', description: 'How many results. Default 10; a value above 50 yields 50. A non-integer or a value below 1 gives 400.', schema: { type: 'integer', minimum: 1, default: 10 } },
          { name: 'language', in: 'query', description: 'Only recipes in this language (two-letter code).', schema: { type: 'string', pattern: '^[A-Za-z]{2}$' } },
          { name: 'cuisine', in: 'query', description: 'Only recipes of this cuisine.', schema: { type: 'string', enum: CUISINES } },
          { name: 'course', in: 'query', description: 'Only recipes of this course.', schema: { type: 'string', enum: COURSES } },
          { name: 'diet', in: 'query', description: 'Only recipes known to suit this diet.', schema: { type: 'string', enum: DIETS } },
        ],
        responses: {
          '200': { description: 'The best matches, best first.', headers: rateHeaders, content: json(ref('schemas/SearchResult')) },
          '400': ref('responses/BadRequest'),
          ...commonErrors,
        },
      },
    },
    '/healthz': {
      get: {
        summary: 'Liveness: 200 without a key and without using quota',
        operationId: 'health',
        security: [{}],
        parameters: [],
        responses: { '200': { description: 'Serving.', content: json({ type: 'object', properties: { status: { const: 'ok' }, dataset: { type: 'object' } } }) } },
      },
    },
    '/docs': {
      get: {
        summary: 'This documentation as an HTML page (no key, no quota)',
        operationId: 'docs',
        security: [{}],
        parameters: [],
        responses: { '200': { description: 'HTML.', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
    '/openapi.json': {
      get: {
        summary: 'This OpenAPI document (no key, no quota)',
        operationId: 'openapi',
        security: [{}],
        parameters: [],
        responses: { '200': { description: 'OpenAPI 3.1 document.', content: json({ type: 'object' }) } },
      },
    },
  },
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'API key (`rdb_live_...`) as `Authorization: Bearer <key>`.' },
    },
    headers: {
      RateLimitPolicy: { description: 'The allowance: `<limit>;w=86400` (draft-ietf-httpapi-ratelimit-headers).', schema: { type: 'string', examples: ['500;w=86400'] } },
      RateLimit: { description: 'Remaining allowance: `limit=<n>, remaining=<n>, reset=<seconds to next UTC midnight>`.', schema: { type: 'string', examples: ['limit=500, remaining=499, reset=3600'] } },
      RetryAfter: { description: 'Seconds until the allowance resets (next UTC midnight).', schema: { type: 'integer' } },
      WWWAuthenticate: { description: 'Bearer challenge.', schema: { type: 'string' } },
      Allow: { description: 'Methods allowed on the path.', schema: { type: 'string', examples: ['GET, HEAD'] } },
    },
    schemas: {
      Recipe: recipeSchema,
      Pagination: {
        type: 'object',
        required: ['limit', 'offset', 'total'],
        properties: {
          limit: { type: 'integer', description: 'How many items the response holds; at most 100.' },
          offset: { type: 'integer', description: 'How many were skipped.' },
          total: { type: 'integer', description: 'How many match in total.' },
        },
      },
      RecipeList: {
        type: 'object',
        required: ['pagination', 'recipes'],
        properties: { pagination: ref('schemas/Pagination'), recipes: { type: 'array', items: ref('schemas/Recipe') } },
      },
      PantryResult: {
        allOf: [
          ref('schemas/Recipe'),
          {
            type: 'object',
            required: ['coverage', 'matchedIngredients', 'missingIngredients'],
            properties: {
              coverage: { type: 'number', minimum: 0, maximum: 1, description: 'matched ÷ counted ingredients, 4 decimals.' },
              matchedIngredients: { type: 'array', items: { type: 'string' }, description: 'Recipe ingredient names the pantry covers, as the recipe names them.' },
              missingIngredients: { type: 'array', items: { type: 'string' }, description: 'Recipe ingredient names the pantry does not cover, as the recipe names them.' },
            },
          },
        ],
      },
      PantryList: {
        type: 'object',
        required: ['pagination', 'recipes'],
        properties: { pagination: ref('schemas/Pagination'), recipes: { type: 'array', items: ref('schemas/PantryResult') } },
      },
      SearchResult: {
        type: 'object',
        required: ['query', 'recipes'],
        properties: {
          query: { type: 'string', description: 'The query as understood (trimmed).' },
          recipes: {
            type: 'array',
            items: { allOf: [ref('schemas/Recipe'), { type: 'object', required: ['score'], properties: { score: { type: 'number', description: 'BM25F relevance, 4 decimals; comparable within one response only.' } } }] },
          },
        },
      },
      Ingredient: {
        type: 'object',
        required: ['id', 'name', 'names', 'recipeCount'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string', description: 'English display name.' },
          names: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Names by language code.' },
          parent: { type: 'string', description: 'Parent ingredient id (informational; matching never infers parents).' },
          recipeCount: { type: 'integer' },
        },
      },
      IngredientList: {
        type: 'object',
        required: ['pagination', 'ingredients'],
        properties: { pagination: ref('schemas/Pagination'), ingredients: { type: 'array', items: ref('schemas/Ingredient') } },
      },
      Vocabularies: {
        type: 'object',
        properties: {
          course: { type: 'array', items: { type: 'string' } },
          diet: { type: 'array', items: { type: 'string' } },
          cuisine: { type: 'array', items: { type: 'string' } },
          category: { type: 'array', items: { type: 'object', properties: { slug: { type: 'string' }, recipeCount: { type: 'integer' } } } },
          equipment: { type: 'array', items: { type: 'object', properties: { slug: { type: 'string' }, recipeCount: { type: 'integer' } } } },
          language: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, recipeCount: { type: 'integer' } } } },
          presets: {
            type: 'object',
            properties: Object.fromEntries(['nutrition', 'time'].map((k) => [k, {
              type: 'array',
              items: { type: 'object', properties: { name: { type: 'string' }, field: { type: 'string' }, op: { enum: ['le', 'ge'] }, bound: { type: 'number' }, unit: { type: 'string' }, description: { type: 'string' } } },
            }])),
          },
        },
      },
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['message'],
            properties: {
              message: { type: 'string', description: 'Human-readable; show it to the user.' },
              code: { type: 'string', description: 'Stable UPPER_SNAKE code (extra field; SPEC.md clients branch on the status).' },
            },
          },
        },
      },
    },
    responses: {
      BadRequest: {
        description: 'A parameter is unknown, repeated or invalid, or the query string is malformed. The message names the parameter, the value given and what is allowed.',
        headers: rateHeaders,
        content: json(ref('schemas/Error')),
      },
      Unauthorized: {
        description: 'No key where one is required, a malformed Authorization header, or an invalid, disabled or expired key. Uses no quota.',
        headers: { 'WWW-Authenticate': ref('headers/WWWAuthenticate') },
        content: json(ref('schemas/Error')),
      },
      NotFound: {
        description: 'No such endpoint. (message "No such endpoint. See /docs for the available routes.")',
        content: json(ref('schemas/Error')),
      },
      MethodNotAllowed: {
        description: 'The API is read-only: only GET and HEAD are answered on known paths.',
        headers: { Allow: ref('headers/Allow') },
        content: json(ref('schemas/Error')),
      },
      RateLimited: {
        description: 'The daily allowance is used up (message "Rate limit exceeded for this API key. Try again later.").',
        headers: { ...rateHeaders, 'Retry-After': ref('headers/RetryAfter') },
        content: json(ref('schemas/Error')),
      },
      Unavailable: {
        description: 'The shared key and quota store (Redis) cannot be reached; nothing is served unmetered. Retry after the Retry-After seconds.',
        headers: { 'Retry-After': ref('headers/RetryAfter') },
        content: json(ref('schemas/Error')),
      },
      ServerError: {
        description: 'Server failure (message "Something went wrong. Please try again."). One retry after a short pause is reasonable.',
        content: json(ref('schemas/Error')),
      },
    },
  },
} as const;
