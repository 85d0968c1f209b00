/**
 * The dataset's answers as pure functions, shared by construction by the Hono routes
 * (runtime/http/routes/) and the offline client (runtime/client/): `answer(engine, path, rawQuery)`
 * gives the status, body bytes and headers of a GET, for every dataset route, unknown paths (404)
 * and bad parameters (400) in the API's error envelope. Keys, quotas, rate-limit headers,
 * /healthz and /docs are the server's alone, so they are not routes here.
 *
 * `path` is the request path decoded as Hono decodes it (answerUrl does that from a URL), so the
 * `{id}` of /recipes/{id} is decoded the same way as the server's `c.req.param('id')`.
 * Only ApiErrors become answers: anything else (a DatasetError, the client's NeedBytes signal) is
 * thrown on to the caller, which knows whether to log it, fetch bytes and retry, or answer 503.
 */
import { getPath, tryDecodeURIComponent } from 'hono/utils/url';
import { ApiError, apiError } from '../errors.ts';
import type { Engine } from '../query/engine.ts';
import { rawQuery as queryOf, utf8 } from './bytes.ts';
import { ingredientsBody, vocabulariesBody } from './catalogue.ts';
import { renderError } from './error-body.ts';
import { pantryBody } from './pantry.ts';
import { popularBody, recipeBody, recipesBody } from './recipes.ts';
import { searchBody } from './search.ts';

export interface Answer {
  status: number;
  body: Uint8Array;
  headers: Record<string, string>;
}

type Route = (engine: Engine, rawQuery: string) => Uint8Array;

/** The dataset routes with a fixed path; /recipes/{id} is matched apart. */
export const ROUTES: Readonly<Record<string, Route>> = {
  '/recipes': recipesBody,
  '/pantry': pantryBody,
  '/search': searchBody,
  '/popular': popularBody,
  '/ingredients': ingredientsBody,
  '/vocabularies': vocabulariesBody,
};

const RECIPE_PREFIX = '/recipes/';
const JSON_HEADERS = { 'Content-Type': 'application/json' } as const;

/** The path's route: a fixed one, or /recipes/{id} (one non-empty segment, as Hono's router matches it). */
function routeOf(path: string): Route | undefined {
  if (Object.hasOwn(ROUTES, path)) return ROUTES[path];
  if (!path.startsWith(RECIPE_PREFIX)) return undefined;
  const segment = path.slice(RECIPE_PREFIX.length);
  if (segment === '' || segment.includes('/')) return undefined;
  return (engine, raw) => recipeBody(engine, tryDecodeURIComponent(segment), raw);
}

/** True when the path is one of the routes answer() serves (for a 405 on other methods). */
export const isDatasetPath = (path: string): boolean => routeOf(path) !== undefined;

export function answer(engine: Engine, path: string, rawQuery: string): Answer {
  const route = routeOf(path);
  try {
    if (route === undefined) throw apiError('ENDPOINT_NOT_FOUND');
    return { status: 200, body: route(engine, rawQuery), headers: { ...JSON_HEADERS } };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return errorAnswer(e);
  }
}

/** answer() for a full URL (absolute, as a Request's `url`): Hono's path decoding, then the raw query. */
export function answerUrl(engine: Engine, url: string): Answer {
  return answer(engine, getPath({ url } as Request), queryOf(url));
}

/** An ApiError as the server renders it. */
export function errorAnswer(e: ApiError): Answer {
  const r = renderError(e);
  return { status: r.status, body: utf8(r.body), headers: r.headers };
}
