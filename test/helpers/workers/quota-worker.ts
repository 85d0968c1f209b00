/**
 * Child process for the multi-process quota tests: opens the store its driver argument names,
 * prints "ready", waits for the parent's go signal, then runs `consumers` concurrent loops making
 * `attempts` quota attempts in all; prints the admitted count.
 * argv: driver subject limit attempts consumers, where driver is the JSON of a QuotaDriver.
 */
import { createLmdbStore } from '../../../runtime/store/lmdb.ts';
import { createRedisStore } from '../../../runtime/store/redis.ts';
import { utcDay, type Store } from '../../../runtime/store/types.ts';

/** The store a worker opens: the same for every worker of a test, so that they share its counters. */
export type QuotaDriver = { driver: 'lmdb'; dir: string } | { driver: 'redis'; url: string; keyPrefix: string };

// Today: the store prunes counters older than yesterday by its clock.
const TODAY = utcDay(Date.now());

const [driverArg, subject, limitArg, attemptsArg, consumersArg] = process.argv.slice(2);
if (!driverArg || !subject) throw new Error('usage: quota-worker driver-json subject limit attempts consumers');
const driver = JSON.parse(driverArg) as QuotaDriver;
const limit = Number(limitArg);
let remaining = Number(attemptsArg);
const consumers = Number(consumersArg);
const now = () => Date.now();
const store: Store =
  driver.driver === 'lmdb' ? createLmdbStore({ dir: driver.dir, now }) : await createRedisStore({ url: driver.url, keyPrefix: driver.keyPrefix, now });
let admitted = 0;

// Opened (connected): tell the parent, then wait for its go signal so all workers start together.
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.destroy();
await Promise.all(
  Array.from({ length: consumers }, async () => {
    while (remaining > 0) {
      remaining--;
      const r = await store.consumeQuota(subject, TODAY, limit);
      if (r.allowed) admitted++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }),
);
await store.close();
process.stdout.write(`${admitted}\n`);
