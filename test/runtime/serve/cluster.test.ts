/** Issue 22, item 8: the primary's rules (the processes themselves: test/reliability/workers.test.ts). */
import { describe, expect, it } from 'vitest';
import { isClusterMessage, restartDelayMs } from '../../../runtime/serve/cluster.ts';

describe('runtime/serve/cluster.ts', () => {
  it('replaces a crashed worker after a delay that doubles with each crash in the last minute, up to 30 s', () => {
    expect([1, 2, 3, 4].map(restartDelayMs)).toEqual([100, 200, 400, 800]);
    expect(restartDelayMs(0)).toBe(100);
    expect(restartDelayMs(50)).toBe(30_000);
  });

  it('knows its own messages and nothing else a worker may send', () => {
    for (const m of [{ type: 'corrupt', error: 'x' }, { type: 'stop-accepting' }, { type: 'not-accepting' }]) expect(isClusterMessage(m)).toBe(true);
    for (const m of [null, 'corrupt', { type: 'other' }, {}, { type: 'corrupt' }, { type: 'corrupt', error: 1 }]) expect(isClusterMessage(m)).toBe(false);
  });
});
