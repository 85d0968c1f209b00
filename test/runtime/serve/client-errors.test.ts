/** Issue 20, item 4: what Node's parser refuses, and CONNECT, are answered in the error envelope. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHardenedServer, DEFAULT_LIMITS, type HardenedServer } from '../../../runtime/serve/create-server.ts';
import { parseResponse, rawExchange } from '../../helpers/raw-http.ts';

let h: HardenedServer;
let port: number;
beforeAll(async () => {
  h = createHardenedServer((req, res) => res.end(JSON.stringify({ url: req.url })), DEFAULT_LIMITS);
  await new Promise<void>((resolve) => h.server.listen(0, '127.0.0.1', resolve));
  port = (h.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => h.drain(resolve)));

async function ask(bytes: string) {
  const r = await rawExchange(port, bytes);
  expect(r.timedOut).toBe(false);
  const res = parseResponse(r.text);
  expect(res, r.text).toBeDefined();
  expect(res!.headers['content-type']).toBe('application/json');
  expect(Number(res!.headers['content-length'])).toBe(Buffer.byteLength(res!.body));
  const body = JSON.parse(res!.body) as { error: { message: string; code: string } };
  expect(typeof body.error.message).toBe('string');
  return { status: res!.status, code: body.error.code, message: body.error.message, headers: res!.headers };
}

describe('runtime/serve/client-errors.ts', () => {
  it('answers raw UTF-8 in the URL with a 400 that says how to percent-encode', async () => {
    const r = await ask('GET /search?query=红烧肉 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(r.status).toBe(400);
    expect(r.code).toBe('UNENCODED_URL');
    expect(r.message).toContain('%E7%BA%A2%E7%83%A7%E8%82%89');
  });

  it('answers a NUL in a header, a bad method and a bad version with 400 MALFORMED_REQUEST', async () => {
    for (const bytes of ['GET / HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n', 'G\x01T / HTTP/1.1\r\nHost: x\r\n\r\n', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n']) {
      const r = await ask(bytes);
      expect(r.status).toBe(400);
      expect(r.code).toBe('MALFORMED_REQUEST');
      expect(r.message).toMatch(/^The request is not valid HTTP\/1\.1 \([ -~]+\); nothing was processed\.$/);
    }
  });

  it('answers oversized headers with 431 HEADERS_TOO_LARGE', async () => {
    const r = await ask(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(r.code).toBe('HEADERS_TOO_LARGE');
  });

  it('answers CONNECT with 405 and Allow: GET, HEAD', async () => {
    const r = await ask('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(r.status).toBe(405);
    expect(r.code).toBe('METHOD_NOT_ALLOWED');
    expect(r.headers.allow).toBe('GET, HEAD');
  });

  it('answers an HTTP/1.1 request without Host with 400 HOST_REQUIRED, and serves HTTP/1.0 without one', async () => {
    const r = await ask('GET / HTTP/1.1\r\n\r\n');
    expect(r.status).toBe(400);
    expect(r.code).toBe('HOST_REQUIRED');
    const ok = parseResponse((await rawExchange(port, 'GET /x HTTP/1.0\r\n\r\n')).text);
    expect(ok?.status).toBe(200);
  });

  it('answers an Expect other than 100-continue with 417 EXPECTATION_FAILED', async () => {
    const r = await ask('GET / HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n\r\n');
    expect(r.status).toBe(417);
    expect(r.code).toBe('EXPECTATION_FAILED');
  });
});
