/**
 * answer() is what the routes send: for a handful of requests over the real dataset it gives the
 * in-process app's status and body bytes (test/runtime/client/differential.test.ts runs the full
 * corpus through the bundled client), and it names unknown paths and bad parameters in the envelope.
 */
import { describe, expect, it } from 'vitest';
import { answer, answerUrl } from '../../../runtime/api/answer.ts';
import { realApp } from '../../helpers/real-app.ts';

const { app, engine, key } = await realApp();
const decoder = new TextDecoder();

async function server(path: string) {
  const res = await app.request(path, { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, body: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

describe('answer', () => {
  it.each([
    '/recipes?cuisine=italian&limit=5',
    '/recipes?limit=0',
    '/popular?offset=10&limit=3',
    '/pantry?ingredients=chicken,rice,garlic&limit=4',
    '/search?query=choclate%20cake',
    '/ingredients?q=tom',
    '/vocabularies',
    '/vocabularies?x=1',
    '/nowhere',
    '/recipes/',
    '/recipes/no-such-recipe',
  ])('answers %s with the server\'s status, Content-Type and body bytes', async (path) => {
    const want = await server(path);
    const got = answerUrl(engine, `http://localhost${path}`);
    expect(got.status).toBe(want.status);
    expect(got.headers['Content-Type']).toBe(want.type);
    expect(decoder.decode(got.body)).toBe(decoder.decode(want.body));
  });

  it('answers a recipe by its decoded id', async () => {
    const id = JSON.parse(decoder.decode(engine.recordJson(0))).id as string;
    const got = answer(engine, `/recipes/${encodeURIComponent(id)}`, '');
    expect(got.status).toBe(200);
    expect(decoder.decode(got.body)).toBe(decoder.decode(engine.recordJson(0)));
  });

  it('renders an unknown path as 404 ENDPOINT_NOT_FOUND and a bad parameter as a 400 in the envelope', () => {
    expect(JSON.parse(decoder.decode(answer(engine, '/healthz', '').body))).toEqual({ error: { message: expect.any(String), code: 'ENDPOINT_NOT_FOUND' } });
    const bad = answer(engine, '/recipes', 'limit=abc');
    expect(bad.status).toBe(400);
    expect(JSON.parse(decoder.decode(bad.body)).error.code).toBe('INVALID_LIMIT');
  });
});
