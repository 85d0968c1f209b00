/**
 * AnswerResponse (runtime/client/answer-response.ts) behaves as a plain Response of the same bytes
 * in every way a caller can see: the same body from each reader, bodyUsed after a read, a second
 * read and a clone after a read refused, the stream and clones giving the same bytes. Each scenario
 * runs against both and compares what it saw.
 */
import { describe, expect, it } from 'vitest';
import { AnswerResponse } from '../../../runtime/client/answer-response.ts';

const bytes = new TextEncoder().encode('{"recipes":[{"title":"Crème brûlée"}],"n":1}');
const init = { status: 200, headers: { 'Content-Type': 'application/json' } };

/** What a scenario sees: values, or the error's name when it throws or rejects. */
async function outcome(steps: (r: Response) => Promise<unknown>[]): Promise<{ plain: unknown[]; ours: unknown[] }> {
  const run = async (r: Response) => {
    const seen: unknown[] = [];
    for (const step of steps(r)) seen.push(await step.then((v) => (v instanceof ArrayBuffer ? [...new Uint8Array(v)] : v), (e: Error) => e.name));
    return seen;
  };
  return { plain: await run(new Response(bytes, init)), ours: await run(new AnswerResponse(bytes, init)) };
}

const attempt = (f: () => unknown) => Promise.resolve().then(f);
const readStream = async (s: ReadableStream<Uint8Array> | null) => (s ? [...new Uint8Array(await new Response(s).arrayBuffer())] : null);

describe('AnswerResponse', () => {
  it.each([
    ['arrayBuffer, then bodyUsed, then a second read', (r: Response) => [r.arrayBuffer(), attempt(() => r.bodyUsed), attempt(() => r.text())]],
    ['text, then json', (r: Response) => [r.text(), attempt(() => r.json())]],
    ['json, then a clone', (r: Response) => [r.json(), attempt(() => r.clone())]],
    ['bodyUsed fresh, then the stream read, then text', (r: Response) => [attempt(() => r.bodyUsed), readStream(r.body), attempt(() => r.bodyUsed), attempt(() => r.text())]],
    ['a clone read, then the original read', (r: Response) => {
      const c = r.clone();
      return [c.text(), attempt(() => r.text())];
    }],
    ['text, then the stream read', (r: Response) => [r.text(), readStream(r.body)]],
    ['status, ok and a header', (r: Response) => [attempt(() => [r.status, r.ok, r.headers.get('content-type')])]],
  ])('does as a plain Response: %s', async (_name, steps) => {
    const { plain, ours } = await outcome(steps);
    expect(ours).toEqual(plain);
  });

  it('gives exactly the body from a view of a larger buffer, a Node Buffer of its pool included', async () => {
    const pooled = Buffer.from('{"a":1}');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    expect(new Uint8Array(await new AnswerResponse(pooled, init).arrayBuffer())).toEqual(new Uint8Array(pooled));
  });

  it('is a Response', () => {
    expect(new AnswerResponse(bytes, init)).toBeInstanceOf(Response);
  });
});
