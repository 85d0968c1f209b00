/**
 * openClient(source): the API's answers with no server. `client.request(url)` returns a Fetch API
 * Response with the same status and body bytes as the server for the same GET on the same
 * dataset (runtime/api/answer.ts builds both); typed helpers parse it. `current` moving is seen by
 * checkForUpdate() and taken by switch(), which opens the new version fully before the
 * next request uses it. Design: README.md in this folder.
 */
import { answerUrl, errorAnswer, isDatasetPath, type Answer } from '../api/answer.ts';
import { ApiError, apiError } from '../errors.ts';
import type { Engine } from '../query/engine.ts';
import { getPath } from 'hono/utils/url';
import { AnswerResponse } from './answer-response.ts';
import { ClientApiError, queryString } from './helpers.ts';
import { currentDir, locate, openVersion, type OpenedVersion } from './open-version.ts';
import type { Source } from './source.ts';
import { untilHeld } from './until-held.ts';
import type { IngredientList, PantryList, Params, Recipe, RecipeList, SearchResults, VocabularyList } from './types.ts';

/** Requests are resolved against this origin, as Hono's app.request() does. */
const ORIGIN = 'http://localhost/';

export interface UpdateCheck {
  /** The dataset version being answered from. */
  version: string;
  /** The version `current` names now (the same when the source is one version directory). */
  latest: string;
  changed: boolean;
}

export class Client {
  #opened: OpenedVersion;

  constructor(
    readonly source: Source,
    opened: OpenedVersion,
  ) {
    this.#opened = opened;
  }

  /** The dataset version answered from: manifest.json's datasetVersion (a content hash). */
  get version(): string {
    return this.#opened.manifest.datasetVersion;
  }

  /** The engine of the version answered from (for tools; request() is the API). */
  get engine(): Engine {
    return this.#opened.engine;
  }

  /**
   * The server's answer to a GET (or HEAD) of `input`: a path with its query ('/recipes?limit=5'),
   * or a URL whose origin is ignored. Other methods: 405 on an API path, 404 elsewhere, as the server.
   * Rejects (never answers wrongly) when the dataset cannot be read: a DatasetError naming the file.
   */
  async request(input: string | URL | Request, init?: { method?: string }): Promise<Response> {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, ORIGIN).href;
    const method = (init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')).toUpperCase();
    const a = method === 'GET' || method === 'HEAD' ? await this.#answer(url) : notAllowed(url, method);
    const answered = { status: a.status, headers: a.headers };
    return method === 'HEAD' ? new Response(null, answered) : new AnswerResponse(a.body, answered);
  }

  async #answer(url: string): Promise<Answer> {
    const opened = this.#opened;
    return untilHeld(this.source, () => answerUrl(opened.engine, url));
  }

  /** Reads `current` again: whether it names another version than the one answered from. */
  async checkForUpdate(): Promise<UpdateCheck> {
    const dir = await currentDir(this.source);
    const latest = dir === undefined || dir === this.#opened.dir ? this.version : dir.slice(0, -1);
    return { version: this.version, latest, changed: dir !== undefined && dir !== this.#opened.dir };
  }

  /**
   * Opens the version `current` names now (full checks, as openClient) and answers from it from the
   * next request on; requests already running finish on the old one. Resolves to the version
   * answered from; rejects, keeping the old version, when the new one cannot be opened.
   */
  async switch(): Promise<string> {
    const dir = await currentDir(this.source);
    if (dir !== undefined && dir !== this.#opened.dir) {
      this.#opened = await untilHeld(this.source, () => openVersion(this.source, dir));
      await this.source.keepOnly?.(dir);
    }
    return this.version;
  }

  recipes = (params: Params = {}) => this.#json<RecipeList>('/recipes', params);
  recipe = (id: string) => this.#json<Recipe>(`/recipes/${encodeURIComponent(id)}`, {});
  pantry = (params: Params) => this.#json<PantryList>('/pantry', params);
  search = (params: Params) => this.#json<SearchResults>('/search', params);
  popular = (params: Params = {}) => this.#json<RecipeList>('/popular', params);
  ingredients = (params: Params = {}) => this.#json<IngredientList>('/ingredients', params);
  vocabularies = () => this.#json<VocabularyList>('/vocabularies', {});

  async #json<T>(path: string, params: Params): Promise<T> {
    const res = await this.request(path + queryString(params));
    const body = (await res.json()) as T & { error?: { message: string; code: string } };
    if (!res.ok) throw new ClientApiError(res.status, body.error?.code ?? 'UNKNOWN', body.error?.message ?? res.statusText);
    return body;
  }
}

function notAllowed(url: string, method: string): Answer {
  const path = getPath({ url } as Request);
  if (!isDatasetPath(path)) return errorAnswer(apiError('ENDPOINT_NOT_FOUND'));
  const e = apiError('METHOD_NOT_ALLOWED', { method });
  return errorAnswer(new ApiError(e.code, e.message, { Allow: 'GET, HEAD' }));
}

/**
 * Opens the dataset a source holds (the version `current` names, or the source itself when it is
 * one version directory) in full mode: every file checked against the manifest's SHA-256 and every
 * reader built before it resolves. Rejects with a DatasetError naming the file and the cause.
 */
export async function openClient(source: Source): Promise<Client> {
  const dir = await locate(source);
  const client = new Client(source, await untilHeld(source, () => openVersion(source, dir)));
  // The version answered from is known good: the cache may let the location's other versions go.
  await source.keepOnly?.(dir);
  return client;
}
