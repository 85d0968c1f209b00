/** Issue 20, item 1: the cap on open connections (RECIPES_MAX_CONNECTIONS). */
import { connect, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHardenedServer, DEFAULT_LIMITS } from '../../../runtime/serve/create-server.ts';

describe('runtime/serve/create-server.ts', () => {
  it('closes connections beyond maxConnections as they arrive and serves again once one closes', { timeout: 10_000 }, async () => {
    const h = createHardenedServer((_req, res) => res.end('ok'), { ...DEFAULT_LIMITS, maxConnections: 2, drainTimeoutMs: 500 });
    await new Promise<void>((resolve) => h.server.listen(0, '127.0.0.1', resolve));
    const port = (h.server.address() as AddressInfo).port;
    const open = (): Promise<{ socket: Socket; closed: Promise<void> }> =>
      new Promise((resolve) => {
        const socket = connect(port, '127.0.0.1', () => resolve({ socket, closed }));
        const closed = new Promise<void>((r) => socket.on('close', () => r()).on('error', () => {}));
      });
    const a = await open();
    const b = await open();
    const c = await open();
    await c.closed; // the third is closed by the server
    await new Promise((r) => setTimeout(r, 100));
    expect(h.connections.size).toBe(2);
    a.socket.destroy();
    await a.closed;
    await new Promise((r) => setTimeout(r, 50));
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(await res.text()).toBe('ok');
    b.socket.destroy();
    await new Promise<void>((resolve) => h.drain(resolve));
  });
});
