/**
 * The persistent cache's policy (runtime/client/cache/persistent-cache.ts) over the memory driver:
 * past its cap the entries written longest ago go first; keepOnly drops a location's other
 * versions and nothing else; a failing driver reads as empty and writes as nothing.
 */
import { describe, expect, it } from 'vitest';
import type { CacheDriver } from '../../../../runtime/client/cache/driver.ts';
import { memoryDriver } from '../../../../runtime/client/cache/memory-driver.ts';
import { driverOf, PersistentCache } from '../../../../runtime/client/cache/persistent-cache.ts';

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

describe('PersistentCache', () => {
  it('drops the entries written longest ago once past its cap, and never keeps a write larger than the cap', async () => {
    const driver = memoryDriver();
    let clock = 0;
    const cache = new PersistentCache(driver, 100, () => clock++);
    await cache.put([{ key: 'a', bytes: bytes(40) }]);
    await cache.put([{ key: 'b', bytes: bytes(40) }]);
    await cache.put([{ key: 'c', bytes: bytes(40) }]);
    expect([...driver.entries.keys()].sort()).toEqual(['b', 'c']);
    await cache.put([{ key: 'huge', bytes: bytes(101) }]);
    expect(driver.entries.has('huge')).toBe(false);
    expect(await cache.get(['b', 'a'])).toEqual([bytes(40), undefined]);
  });

  it('keeps what it was given, not a view a caller changes later', async () => {
    const cache = new PersistentCache(memoryDriver());
    const b = bytes(8, 7);
    await cache.put([{ key: 'k', bytes: b }]);
    b.fill(0);
    expect(await cache.get(['k'])).toEqual([bytes(8, 7)]);
  });

  it('keepOnly drops the blocks of the location outside the kept version directory, sparing the named keys and other locations', async () => {
    const driver = memoryDriver();
    const cache = new PersistentCache(driver);
    const keys = ['https://h/d/v1/records/00000.bin#4096:0', 'https://h/d/v2/records/00000.bin#4096:0', 'https://h/d/current', 'https://h/other/v1/ids.bin#16384:0'];
    await cache.put(keys.map((key) => ({ key, bytes: bytes(4) })));
    await cache.keepOnly('https://h/d/', 'https://h/d/v2/', ['https://h/d/current']);
    expect([...driver.entries.keys()].sort()).toEqual([keys[1], keys[2], keys[3]].sort());
  });

  it('reads as empty and writes as nothing when its driver fails', async () => {
    const fail = () => Promise.reject(new Error('QuotaExceededError'));
    const broken: CacheDriver = { getMany: fail, putMany: fail, deleteMany: fail, list: fail };
    const cache = new PersistentCache(broken);
    await expect(cache.put([{ key: 'k', bytes: bytes(1) }])).resolves.toBeUndefined();
    expect(await cache.get(['k'])).toEqual([undefined]);
    await expect(cache.keepOnly('a/', 'a/b/', [])).resolves.toBeUndefined();
  });

  it('has no cache by default where there is no IndexedDB, and one memory driver for the process when asked for IndexedDB there', () => {
    expect(driverOf(undefined)).toBeUndefined();
    expect(driverOf(false)).toBeUndefined();
    expect(driverOf('indexeddb')).toBe(driverOf('indexeddb'));
    const mine = memoryDriver();
    expect(driverOf(mine)).toBe(mine);
  });
});
