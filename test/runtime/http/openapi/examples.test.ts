/**
 * The examples of the OpenAPI document are real: each is the answer of the app over the real
 * dataset to its example request, and matches the schema of the response it illustrates.
 * `UPDATE_EXAMPLES=1 npx vitest run test/runtime/http/openapi/examples.test.ts` records them
 * again into runtime/http/openapi/examples.json (after a change of the dataset or of an answer).
 */
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openDataset } from '../../../../runtime/data/open.ts';
import { StoreUnavailableError } from '../../../../runtime/errors.ts';
import { createApp } from '../../../../runtime/http/create-app.ts';
import { OPENAPI } from '../../../../runtime/http/openapi/index.ts';
import {
  OPERATION_EXAMPLES, RESPONSE_EXAMPLES, type ExampleSpec, type Recorded,
} from '../../../../runtime/http/openapi/examples.ts';
import RECORDED from '../../../../runtime/http/openapi/examples.json' with { type: 'json' };
import { createEngine } from '../../../../runtime/query/create-engine.ts';
import type { Engine } from '../../../../runtime/query/engine.ts';
import { createKey } from '../../../../runtime/store/keys.ts';
import { createMemoryStore } from '../../../../runtime/store/memory.ts';
import type { Store } from '../../../../runtime/store/types.ts';
import { assertMatchesOpenApi, assertMatchesResponse } from '../../../helpers/openapi-validator.ts';

const FILE = new URL('../../../../runtime/http/openapi/examples.json', import.meta.url);
const now = () => Date.parse('2026-06-01T12:00:00.000Z');
const AUTHORIZATION = { none: undefined, invalid: `Bearer rdb_live_${'A'.repeat(43)}`, malformed: 'Basic dXNlcjpwYXNz' };

let engine: Engine;
let answers: Record<string, Recorded>;

/** `value` with every array cut to its first `n` items. */
function abridge(value: unknown, n: number): unknown {
  if (Array.isArray(value)) return value.slice(0, n).map((v) => abridge(v, n));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, abridge(v, n)]));
}

/** A fresh app and account per example, in the state its `setup` names. */
async function ask(spec: ExampleSpec, request: string): Promise<Recorded> {
  const store = createMemoryStore({ now });
  const failing = <T extends object>(target: T, fail: () => never): T => new Proxy(target, { get: (o, p) => (p === 'info' ? Reflect.get(o, p) : fail) });
  const app = createApp({
    engine: spec.setup === 'engine-fails' ? failing(engine, () => { throw new Error('example failure'); }) : engine,
    store: spec.setup === 'store-down' ? failing<Store>(store, () => { throw new StoreUnavailableError(new Error('example outage')); }) : store,
    now,
    requireKey: true,
    dailyQuota: spec.setup === 'allowance-used-up' ? 1 : 500,
    logger: { info: () => {}, error: () => {} },
    clientAddress: () => '192.0.2.1',
  });
  const key = spec.setup === 'store-down' ? `rdb_live_${'B'.repeat(43)}` : (await createKey(store, { account: 'example', now })).key;
  const authorization = spec.key === undefined || spec.key === 'valid' ? `Bearer ${key}` : AUTHORIZATION[spec.key];
  const headers: Record<string, string> = authorization === undefined ? {} : { Authorization: authorization };
  const [method, target] = request.split(' ') as [string, string];
  if (spec.setup === 'allowance-used-up') await app.request(target, { headers });
  const res = await app.request(target, { method, headers });
  const text = await res.text();
  let body: unknown = res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text;
  if (spec.pick) body = Object.fromEntries(spec.pick.map((k) => [k, (body as Record<string, unknown>)[k]]));
  if (spec.abridge !== undefined) body = abridge(body, spec.abridge);
  return { request, status: res.status, body };
}

beforeAll(async () => {
  engine = createEngine(openDataset(inject('realDataDir')));
  answers = {};
  for (const [name, spec] of Object.entries({ ...OPERATION_EXAMPLES, ...RESPONSE_EXAMPLES })) {
    const firstId = (answers.italianQuick?.body as { recipes?: { id: string }[] } | undefined)?.recipes?.[0]?.id;
    answers[name] = await ask(spec, spec.request.replace('RECIPE_ID', firstId ?? 'RECIPE_ID'));
  }
  if (process.env.UPDATE_EXAMPLES === '1') writeFileSync(FILE, `${JSON.stringify(answers, null, 2)}\n`);
});

const doc = OPENAPI as unknown as {
  paths: Record<string, { get: { operationId: string; parameters: { name: string; in: string; example?: string }[]; responses: Record<string, any> } }>;
  components: { responses: Record<string, any> };
};
const operation = (id: string) => Object.entries(doc.paths).find(([, item]) => item.get.operationId === id)!;

describe('the examples of the OpenAPI document', () => {
  it('are what the app answers today to their requests over the real dataset', () => {
    expect(RECORDED, 'run UPDATE_EXAMPLES=1 npx vitest run test/runtime/http/openapi/examples.test.ts').toEqual(answers);
  });

  it('cover every route with a 200, and every documented error response', () => {
    const ok = new Set(Object.entries(OPERATION_EXAMPLES).filter(([n]) => answers[n]!.status === 200).map(([, s]) => s.operation));
    expect([...ok].sort()).toEqual(Object.values(doc.paths).map((item) => item.get.operationId).sort());
    const withBody = Object.keys(doc.components.responses).filter((n) => doc.components.responses[n].content);
    expect(new Set(Object.values(RESPONSE_EXAMPLES).map((s) => s.response))).toEqual(new Set(withBody));
  });

  it('each match the schema of the response they illustrate, at the status they were answered with', () => {
    for (const [name, spec] of Object.entries(OPERATION_EXAMPLES)) {
      const [template, item] = operation(spec.operation);
      const { status, body } = answers[name]!;
      const media = item.get.responses[String(status)]?.content ?? {};
      if ('application/json' in media && !spec.pick) assertMatchesOpenApi(template, status, body);
      expect(media[Object.keys(media)[0]!]?.examples?.[name]?.value, name).toEqual(body);
    }
    for (const [name, spec] of Object.entries(RESPONSE_EXAMPLES)) {
      const response = doc.components.responses[spec.response];
      const { status, body } = answers[name]!;
      assertMatchesResponse(response, body, name);
      expect(String(status), name).toMatch(/^[45]\d\d$/);
      expect(response.content['application/json'].examples[name].value, name).toEqual(body);
    }
  });

  it("fill each route's parameters with its example request, so try-it sends exactly that request", () => {
    for (const [name, spec] of Object.entries(OPERATION_EXAMPLES)) {
      const [template, item] = operation(spec.operation);
      if (answers[name]!.status !== 200) continue;
      const url = new URL(answers[name]!.request.split(' ')[1]!, 'http://x');
      const filled = item.get.parameters.filter((p) => p.example !== undefined);
      const path = filled.filter((p) => p.in === 'path').reduce((t, p) => t.replace(`{${p.name}}`, p.example!), template);
      const query = new URLSearchParams(filled.filter((p) => p.in === 'query').map((p) => [p.name, p.example!]));
      expect(path, name).toBe(url.pathname);
      expect([...query].sort(), name).toEqual([...url.searchParams].sort());
    }
  });
});
