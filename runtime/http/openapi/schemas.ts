/** The response body schemas (`components.schemas`) of the OpenAPI document. */
import { COURSES, CUISINES } from '../../format/vocabulary.ts';
import { FACET_NAMES } from '../../query/filter.ts';
import { ref } from './shared.ts';

const str = { type: 'string' };
const strings = { type: 'array', items: str };
const uri = { type: 'string', format: 'uri' };

const ingredientLine = {
  type: 'object',
  required: ['display', 'name', 'optional'],
  properties: {
    display: { type: 'string', description: 'The ingredient line as written.' },
    adjustedDisplay: {
      type: 'string',
      description: 'Only with `servings` or `units` (GET /recipes/{id}): the line rewritten for the adjusted amount (its first amount and, for a weight or volume, its unit), equal to `display` when the amount did not change.',
    },
    name: str,
    optional: { type: 'boolean' },
    quantity: {
      type: 'object',
      required: ['unit', 'value'],
      properties: { unit: str, value: { type: 'number' }, max: { type: 'number', description: 'Upper end of a range such as "2-3 cups".' } },
    },
    preparation: str,
    note: str,
  },
};

const media = {
  type: 'object',
  properties: {
    id: str,
    role: str,
    type: str,
    url: uri,
    variants: { type: 'array', items: { type: 'object', properties: { url: uri } } },
  },
};

const recipeSchema = {
  type: 'object',
  description: 'SPEC.md § Recipe. Optional fields are absent when unknown, never null.',
  required: ['id', 'title', 'description', 'url', 'language', 'instructions', 'text', 'ingredients', 'categories', 'courses', 'cuisines', 'tags', 'media', 'nutrition', 'rating', 'servings', 'times', 'createdAt', 'updatedAt'],
  properties: {
    id: str,
    title: str,
    description: str,
    url: uri,
    author: { type: 'object', properties: { name: str, url: uri } },
    language: { type: 'string', pattern: '^[a-z]{2}$' },
    instructions: { type: 'array', items: { type: 'object', properties: { step: { type: 'integer' }, text: str } } },
    text: { type: 'object', properties: { ingredients: strings, instructions: strings } },
    ingredients: { type: 'array', items: ingredientLine },
    categories: strings,
    courses: { type: 'array', items: { type: 'string', enum: COURSES } },
    cuisines: { type: 'array', items: { type: 'string', enum: CUISINES } },
    tags: strings,
    media: { type: 'array', items: media },
    nutrition: { type: 'object', description: 'Per-serving figures when basis.type is "serving"; each nutrient {unit, value}; any may be absent.' },
    rating: { type: 'object', properties: { count: { type: 'integer' }, reviewCount: { type: 'integer' }, value: { type: 'number' } } },
    servings: { type: 'object', properties: { quantity: { type: 'number' }, max: { type: 'number' }, original: str } },
    times: {
      type: 'object',
      properties: Object.fromEntries(['prep', 'cook', 'total'].map((k) => [k, { type: 'object', properties: { seconds: { type: 'integer' } } }])),
    },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

/** `{pagination, <items>: [...]}`, the shape of every paged list. */
const pagedList = (items: string, item: string) => ({
  type: 'object',
  required: ['pagination', items],
  properties: { pagination: ref('schemas/Pagination'), [items]: { type: 'array', items: ref(`schemas/${item}`) } },
});

const slugCount = { type: 'array', items: { type: 'object', properties: { slug: str, recipeCount: { type: 'integer' } } } };
const preset = {
  type: 'array',
  items: { type: 'object', properties: { name: str, field: str, op: { enum: ['le', 'ge'] }, bound: { type: 'number' }, unit: str, description: str } },
};

export const SCHEMAS = {
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
  RecipeList: (() => {
    const list = pagedList('recipes', 'Recipe');
    return { ...list, properties: { ...list.properties, facets: ref('schemas/FacetCounts') } };
  })(),
  FacetCounts: {
    type: 'object',
    description: 'Only with `facets=` on GET /recipes: for each facet asked, the number of recipes of the whole filtered set (before paging) holding each value; values with no recipe are left out.',
    additionalProperties: false,
    properties: Object.fromEntries(FACET_NAMES.map((name) => [name, { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } }])),
  },
  PantryResult: {
    allOf: [
      ref('schemas/Recipe'),
      {
        type: 'object',
        required: ['coverage', 'matchedIngredients', 'missingIngredients'],
        properties: {
          coverage: { type: 'number', minimum: 0, maximum: 1, description: 'matched ÷ counted ingredients, 4 decimals.' },
          matchedIngredients: { ...strings, description: 'Recipe ingredient names the pantry covers, as the recipe names them.' },
          missingIngredients: { ...strings, description: 'Recipe ingredient names the pantry does not cover, as the recipe names them.' },
        },
      },
    ],
  },
  PantryList: pagedList('recipes', 'PantryResult'),
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
      id: str,
      name: { type: 'string', description: 'English display name.' },
      names: { type: 'object', additionalProperties: strings, description: 'Names by language code.' },
      parent: { type: 'string', description: 'Parent ingredient id (informational; matching never infers parents).' },
      recipeCount: { type: 'integer' },
    },
  },
  IngredientList: pagedList('ingredients', 'Ingredient'),
  Vocabularies: {
    type: 'object',
    properties: {
      course: strings,
      diet: strings,
      cuisine: strings,
      category: slugCount,
      equipment: slugCount,
      language: { type: 'array', items: { type: 'object', properties: { code: str, recipeCount: { type: 'integer' } } } },
      presets: { type: 'object', properties: { nutrition: preset, time: preset } },
    },
  },
  Usage: {
    type: 'object',
    required: ['limit', 'used', 'remaining', 'resetAt'],
    additionalProperties: false,
    properties: {
      limit: { type: 'integer', minimum: 1, description: 'Requests allowed per UTC day.' },
      used: { type: 'integer', minimum: 0, description: 'Requests counted today.' },
      remaining: { type: 'integer', minimum: 0, description: 'limit − used, never below 0.' },
      resetAt: { type: 'string', format: 'date-time', description: 'When the count starts again: the next UTC midnight.' },
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
};
