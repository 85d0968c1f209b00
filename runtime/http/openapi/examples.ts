/**
 * The examples of the OpenAPI document: one example request per route and per error, and the
 * real answer to it. The answers are recorded from the app over the real dataset in
 * examples.json by test/runtime/http/openapi/examples.test.ts (`UPDATE_EXAMPLES=1 npx vitest run
 * test/runtime/http/openapi/examples.test.ts`), and that test fails when the app answers anything
 * else or an answer does not match its schema: the examples cannot drift from the API.
 */
import RECORDED from './examples.json' with { type: 'json' };

/**
 * How an example is asked: `request` is `<METHOD> <path and query>`; `key` says which
 * Authorization header goes with it (default: a valid key); `setup` puts the app in the state the
 * answer needs. `pick` keeps only these top-level fields of the answer (for /openapi.json, which
 * cannot hold itself); `abridge` cuts its lists.
 */
export interface ExampleSpec {
  summary: string;
  request: string;
  key?: 'valid' | 'none' | 'invalid' | 'malformed';
  setup?: 'allowance-used-up' | 'engine-fails' | 'store-down';
  pick?: readonly string[];
  /** Keeps the first this many items of every list in the answer (a long answer, shown in part). */
  abridge?: number;
}

/** An example of an operation's answer (by operationId; status from the answer). */
export interface OperationExample extends ExampleSpec {
  operation: string;
}
/** An example of a shared response (components.responses, by name). */
export interface ResponseExample extends ExampleSpec {
  response: string;
}

/** What examples.json holds per example name. */
export interface Recorded {
  request: string;
  status: number;
  body: unknown;
}

export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  italianQuick: { operation: 'listRecipes', summary: 'Italian recipes ready in 30 minutes, with cuisine facet counts', request: 'GET /recipes?cuisine=italian&maxTotalMinutes=30&limit=1&facets=course' },
  oneRecipe: { operation: 'getRecipe', summary: 'One recipe', request: 'GET /recipes/RECIPE_ID' },
  noSuchRecipe: { operation: 'getRecipe', summary: 'An id that names no recipe', request: 'GET /recipes/no-such-recipe' },
  mostPopular: { operation: 'listPopular', summary: 'The most popular recipe', request: 'GET /popular?limit=1' },
  garlicPrefix: { operation: 'listIngredients', summary: "Ingredients whose name starts with 'garl'", request: 'GET /ingredients?q=garl&limit=2' },
  vocabularies: { operation: 'getVocabularies', summary: 'Every vocabulary and preset (each list cut to its first 3 items here)', request: 'GET /vocabularies', abridge: 3 },
  chickenRiceGarlic: { operation: 'pantry', summary: 'What chicken, rice and garlic go furthest in', request: 'GET /pantry?ingredients=chicken,rice,garlic&limit=1' },
  typo: { operation: 'search', summary: 'A search with a typo', request: 'GET /search?query=choclate+cake&limit=1' },
  usage: { operation: 'getUsage', summary: "A fresh account's allowance", request: 'GET /usage' },
  health: { operation: 'health', summary: 'Serving', request: 'GET /healthz', key: 'none' },
  docs: { operation: 'docs', summary: 'This page', request: 'GET /docs', key: 'none' },
  openapi: { operation: 'openapi', summary: 'This document (its first fields)', request: 'GET /openapi.json', key: 'none', pick: ['openapi', 'info', 'servers', 'security'] },
};

export const RESPONSE_EXAMPLES: Record<string, ResponseExample> = {
  limitZero: { response: 'BadRequest', summary: 'A limit below 1', request: 'GET /recipes?limit=0' },
  unknownCuisine: { response: 'BadRequest', summary: 'A value outside a vocabulary', request: 'GET /recipes?cuisine=martian' },
  unknownParameter: { response: 'BadRequest', summary: 'A misspelt parameter', request: 'GET /search?q=soup' },
  noKey: { response: 'Unauthorized', summary: 'No key where one is required', request: 'GET /recipes', key: 'none' },
  wrongKey: { response: 'Unauthorized', summary: 'A key that is not one', request: 'GET /recipes', key: 'invalid' },
  notBearer: { response: 'Unauthorized', summary: 'An Authorization header that is not Bearer', request: 'GET /recipes', key: 'malformed' },
  noSuchEndpoint: { response: 'NotFound', summary: 'A path the API does not have', request: 'GET /recipe' },
  post: { response: 'MethodNotAllowed', summary: 'A write (the API is read-only)', request: 'POST /recipes' },
  allowanceUsedUp: { response: 'RateLimited', summary: 'The day\'s allowance is used up', request: 'GET /recipes?limit=1', setup: 'allowance-used-up' },
  failure: { response: 'ServerError', summary: 'The server failed', request: 'GET /recipes?limit=1', setup: 'engine-fails' },
  storeDown: { response: 'Unavailable', summary: 'The key and quota store is unreachable', request: 'GET /recipes?limit=1', setup: 'store-down' },
};

const recorded = RECORDED as Record<string, Recorded | undefined>;

/** The recorded answers of `names` as OpenAPI `examples`, or undefined when none is recorded yet. */
export function examplesOf(names: readonly string[]): Record<string, { summary: string; description: string; value: unknown }> | undefined {
  const entries = names.flatMap((name) => {
    const spec = OPERATION_EXAMPLES[name] ?? RESPONSE_EXAMPLES[name];
    const r = recorded[name];
    return spec && r ? [[name, { summary: spec.summary, description: `\`${r.request}\` → ${r.status}`, value: r.body }] as const] : [];
  });
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/** The recorded request of an example (`GET /recipes/<a real id>`), with the placeholders filled. */
export function recordedRequest(name: string): string | undefined {
  return recorded[name]?.request;
}

type Media = Record<string, unknown>;
type ResponseObject = { content?: Record<string, Media> } & Record<string, unknown>;
type Parameter = { name: string; in: string } & Record<string, unknown>;
type Operation = { operationId: string; parameters: Parameter[]; responses: Record<string, ResponseObject> };

/** `response` with `names`' examples in its (only) media type. */
function withMediaExamples(response: ResponseObject, names: readonly string[]): ResponseObject {
  const examples = examplesOf(names);
  const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
  if (examples === undefined || type === undefined || '$ref' in response) return response;
  return { ...response, content: { [type]: { ...media, examples } } };
}

/** The operation's parameters, each with its value in the example request as `example`. */
function withParameterExamples(template: string, parameters: readonly Parameter[], request: string | undefined): Parameter[] {
  if (request === undefined) return [...parameters];
  const url = new URL(request.slice(request.indexOf(' ') + 1), 'http://x');
  const segments = url.pathname.split('/');
  const values = new Map<string, string>(url.searchParams);
  template.split('/').forEach((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name !== undefined && segments[i] !== undefined) values.set(name, decodeURIComponent(segments[i]));
  });
  return parameters.map((p) => (p.in !== 'header' && values.has(p.name) ? { ...p, example: values.get(p.name) } : p));
}

/** PATHS with every operation's examples: its answers by status, and its parameters from its first 200. */
export function withOperationExamples<T extends Record<string, unknown>>(paths: T): T {
  return Object.fromEntries(
    Object.entries(paths).map(([template, item]) => {
      const op = (item as { get: Operation }).get;
      const names = Object.keys(OPERATION_EXAMPLES).filter((n) => OPERATION_EXAMPLES[n]!.operation === op.operationId);
      const responses = { ...op.responses };
      for (const [status, response] of Object.entries(responses)) {
        responses[status] = withMediaExamples(response, names.filter((n) => String(recorded[n]?.status) === status));
      }
      const ok = names.find((n) => recorded[n]?.status === 200);
      const parameters = withParameterExamples(template, op.parameters, ok === undefined ? undefined : recorded[ok]!.request);
      return [template, { ...(item as object), get: { ...op, parameters, responses } }];
    }),
  ) as T;
}

/** The shared responses, each with the examples recorded for it. */
export function withResponseExamples<T extends Record<string, unknown>>(responses: T): T {
  return Object.fromEntries(
    Object.entries(responses).map(([name, response]) => [
      name,
      withMediaExamples(response as ResponseObject, Object.keys(RESPONSE_EXAMPLES).filter((n) => RESPONSE_EXAMPLES[n]!.response === name)),
    ]),
  ) as T;
}
