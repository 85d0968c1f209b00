/** Issue 20, item 3: a drain under keep-alive load resets nobody. */
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHardenedServer, DEFAULT_LIMITS } from '../../../runtime/serve/create-server.ts';
import { keepAliveLoad } from '../../helpers/keep-alive-load.ts';

describe('runtime/serve/drain.ts', () => {
  it('answers in-flight and later requests with Connection: close, closes idle sockets, resets none', async () => {
    let inFlight = 0;
    const h = createHardenedServer((_req, res) => {
      inFlight++;
      setTimeout(() => {
        inFlight--;
        res.setHeader('Content-Type', 'application/json');
        res.end('{"ok":true}');
      }, 2);
    }, DEFAULT_LIMITS);
    await new Promise<void>((resolve) => h.server.listen(0, '127.0.0.1', resolve));
    const port = (h.server.address() as AddressInfo).port;
    // 16 busy clients, and 4 sockets that connect and stay idle.
    // The drain starts once the load is under way (120 answers), not after a fixed time: a loaded
    // machine may answer fewer in any given time.
    let loaded!: () => void;
    const underWay = new Promise<void>((resolve) => (loaded = resolve));
    const load = keepAliveLoad(port, '/', 16, 10_000, (n) => n >= 120 && loaded());
    const idle = Array.from({ length: 4 }, () => {
      const socket = connect(port, '127.0.0.1');
      return new Promise<void>((resolve) => socket.on('close', () => resolve()).on('error', () => {}).resume());
    });
    await underWay;
    const t0 = Date.now();
    const closed = new Promise<number>((resolve) => h.drain(() => resolve(Date.now() - t0)));
    const r = await load;
    expect(await closed).toBeLessThan(DEFAULT_LIMITS.drainIdleMs + 1_000);
    expect(r.resets).toEqual([]);
    expect(r.refused).toBe(16);
    expect(r.answered).toBeGreaterThan(100);
    expect(r.closing).toBeGreaterThanOrEqual(16);
    expect(inFlight).toBe(0);
    await Promise.all(idle); // closed by the server
  });
});
