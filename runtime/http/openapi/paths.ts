/** The operations (`paths`) of the OpenAPI document: one GET per routed path. */
import {
  IF_NONE_MATCH, INGREDIENTS_PARAMETERS, limitParam, offsetParam, PANTRY_PARAMETERS, RECIPE_ID_PARAMETERS, RECIPES_PARAMETERS, SEARCH_PARAMETERS,
} from './parameters.ts';
import { COMMON_ERRORS, RECIPE_NOT_FOUND } from './responses.ts';
import { json, rateHeaders, ref } from './shared.ts';

/**
 * The responses of a counted API route: its 200 (with the rate-limit headers and the validator),
 * 304 to a matching If-None-Match, 400 and the common errors.
 */
const apiResponses = (description: string, schema: string, extra: Record<string, object> = {}) => ({
  '200': { description, headers: { ...rateHeaders, ETag: ref('headers/ETag'), 'Cache-Control': ref('headers/CacheControl') }, content: json(ref(`schemas/${schema}`)) },
  '304': ref('responses/NotModified'),
  '400': ref('responses/BadRequest'),
  ...extra,
  ...COMMON_ERRORS,
});

/** A route answered without a key and without using quota. */
const exempt = (summary: string, operationId: string, ok: object) => ({
  get: { summary, operationId, security: [{}], parameters: [], responses: { '200': ok } },
});

export const PATHS = {
  '/recipes': {
    get: {
      summary: 'List recipes, newest first, filtered and paged',
      operationId: 'listRecipes',
      parameters: [...RECIPES_PARAMETERS, IF_NONE_MATCH],
      responses: apiResponses('A page of recipes.', 'RecipeList'),
    },
  },
  '/recipes/{id}': {
    get: {
      summary: 'Retrieve one recipe by id',
      operationId: 'getRecipe',
      parameters: [...RECIPE_ID_PARAMETERS, IF_NONE_MATCH],
      responses: apiResponses('The recipe.', 'Recipe', { '404': RECIPE_NOT_FOUND }),
    },
  },
  '/popular': {
    get: {
      summary: 'Recipes in popularity order (rating-based), paged like /recipes',
      operationId: 'listPopular',
      parameters: [limitParam, offsetParam, IF_NONE_MATCH],
      responses: apiResponses('A page of recipes.', 'RecipeList'),
    },
  },
  '/ingredients': {
    get: {
      summary: 'Canonical ingredients and their ids, paged, with an optional name-prefix lookup',
      operationId: 'listIngredients',
      parameters: [...INGREDIENTS_PARAMETERS, IF_NONE_MATCH],
      responses: apiResponses('A page of ingredients.', 'IngredientList'),
    },
  },
  '/vocabularies': {
    get: {
      summary: 'The closed vocabularies, the open ones found in the data, and every preset with its rule',
      operationId: 'getVocabularies',
      parameters: [IF_NONE_MATCH],
      responses: apiResponses('The vocabularies.', 'Vocabularies'),
    },
  },
  '/pantry': {
    get: {
      summary: 'Recipes ranked by how much of each one a pantry covers',
      operationId: 'pantry',
      description:
        'coverage = matched ÷ counted ingredients (non-optional lines, each canonical ingredient once; a line without a canonical id is always missing). Order: coverage descending, then fewer missing, then newest. Only recipes using at least one pantry ingredient in a non-optional line.',
      parameters: [...PANTRY_PARAMETERS, IF_NONE_MATCH],
      responses: apiResponses('A page of pantry results.', 'PantryList'),
    },
  },
  '/search': {
    get: {
      summary: 'Relevance-ranked search (no paging)',
      operationId: 'search',
      description:
        'BM25F over title, ingredient names, tags/categories/cuisines, description and instructions; accents folded; light stemming per recipe language; Chinese/Japanese by character pairs; typo tolerance (0 edits up to 4 letters, 1 up to 8, 2 beyond; first letter kept); the last word also matches as a prefix.',
      parameters: [...SEARCH_PARAMETERS, IF_NONE_MATCH],
      responses: apiResponses('The best matches, best first.', 'SearchResult'),
    },
  },
  '/usage': {
    get: {
      summary: "The caller's allowance today (authenticated, uses no allowance)",
      operationId: 'getUsage',
      description:
        "For the key's account, or without a key (while keys are optional) for the client address. Reading it never counts, so it also answers after a 429. Cache-Control: no-store.",
      parameters: [],
      responses: {
        '200': { description: 'The allowance.', headers: rateHeaders, content: json(ref('schemas/Usage')) },
        '400': ref('responses/BadRequest'),
        '401': ref('responses/Unauthorized'),
        '405': ref('responses/MethodNotAllowed'),
        '500': ref('responses/ServerError'),
        '503': ref('responses/Unavailable'),
      },
    },
  },
  '/healthz': exempt('Liveness: 200 without a key and without using quota', 'health', {
    description: 'Serving.',
    content: json({ type: 'object', properties: { status: { const: 'ok' }, dataset: { type: 'object' } } }),
  }),
  '/docs': exempt('This documentation as an HTML page (no key, no quota)', 'docs', {
    description: 'HTML.',
    content: { 'text/html': { schema: { type: 'string' } } },
  }),
  '/openapi.json': exempt('This OpenAPI document (no key, no quota)', 'openapi', {
    description: 'OpenAPI 3.1 document.',
    content: json({ type: 'object' }),
  }),
};
