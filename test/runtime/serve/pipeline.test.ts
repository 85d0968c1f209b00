/**
 * Issue 20, item 1: a client that pipelines requests and never reads. The server handles one
 * request at a time per connection, only once the last answer has mostly left, and cuts the
 * connection when the client reads nothing for the send timeout.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHardenedServer, DEFAULT_LIMITS, type HardenedServer, type ServerLimits } from '../../../runtime/serve/create-server.ts';
import { nonReader, parseResponse, rawExchange } from '../../helpers/raw-http.ts';

const BODY = 'x'.repeat(1024 * 1024);
let h: HardenedServer | undefined;
afterEach(async () => {
  const s = h;
  h = undefined;
  if (s) await new Promise<void>((resolve) => s.drain(resolve));
});

/** A server whose answers (1 MB, produced asynchronously like the app's, or never) are counted. */
async function start(limits: Partial<ServerLimits> = {}, answer = true) {
  const seen = { handled: 0 };
  h = createHardenedServer(
    (_req, res) => {
      seen.handled++;
      if (answer) setImmediate(() => res.end(BODY));
    },
    { ...DEFAULT_LIMITS, drainTimeoutMs: 1_000, ...limits },
  );
  await new Promise<void>((resolve) => h!.server.listen(0, '127.0.0.1', resolve));
  return { port: (h.server.address() as AddressInfo).port, seen, server: h };
}

const pipelined = (n: number): string => 'GET /big HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(n);

describe('runtime/serve/pipeline.ts', () => {
  it('handles only the requests whose answers the client makes room for when it pipelines 200 and reads none', async () => {
    const { port, seen } = await start();
    const socket = await nonReader(port, pipelined(200));
    await new Promise((r) => setTimeout(r, 500));
    // The kernel's loopback buffers take a few MB; the other answers are never produced.
    expect(seen.handled).toBeGreaterThanOrEqual(1);
    expect(seen.handled).toBeLessThan(20);
    socket.destroy();
  });

  it('answers every pipelined request, in order, to a client that reads', async () => {
    const { port, seen } = await start();
    const r = await rawExchange(port, pipelined(30) + 'GET /last HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 20_000);
    expect(r.timedOut).toBe(false);
    expect(seen.handled).toBe(31);
    expect(r.text.split('HTTP/1.1 200 OK').length - 1).toBe(31);
    expect(parseResponse(r.text)?.status).toBe(200);
  });

  it('cuts a connection that reads nothing for the send timeout', async () => {
    const { port, server } = await start({ sendStallMs: 400 });
    const socket = await nonReader(port, pipelined(50));
    await new Promise((r) => setTimeout(r, 150));
    expect(server.connections.size).toBe(1);
    const deadline = Date.now() + 3_000;
    while (server.connections.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(server.connections.size).toBe(0);
    socket.destroy();
  });

  it('stops reading a connection while more than maxQueuedRequests wait', async () => {
    // An answer that never comes: Node itself would read and parse all of them.
    const { port, server } = await start({ maxQueuedRequests: 4, maxWaitingRequests: 1_000_000 }, false);
    let parsed = 0;
    server.server.on('request', () => parsed++);
    // 20,000 tiny pipelined requests (620 KB): parsed only to the end of the chunk that filled the queue.
    const socket = await nonReader(port, pipelined(20_000));
    await new Promise((r) => setTimeout(r, 500));
    expect(parsed).toBeGreaterThan(4);
    expect(parsed).toBeLessThan(5_000);
    socket.destroy();
  });

  it('closes a connection whose burst leaves more than maxWaitingRequests waiting', async () => {
    const { port, server } = await start({ maxWaitingRequests: 100 });
    const socket = await nonReader(port, pipelined(2_000));
    const deadline = Date.now() + 2_000;
    while (server.connections.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(server.connections.size).toBe(0);
    socket.destroy();
  });
});
