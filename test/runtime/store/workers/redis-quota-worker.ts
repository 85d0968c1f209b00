/**
 * Child process for the Redis multi-process quota test: connects to the shared Redis and runs
 * `consumers` concurrent loops making `attempts` quota attempts in all; prints the admitted count.
 * argv: url prefix subject limit attempts consumers
 */
import { createRedisStore } from '../../../../runtime/store/redis.ts';
import { utcDay } from '../../../../runtime/store/types.ts';

const TODAY = utcDay(Date.now());

const [url, keyPrefix, subject, limitArg, attemptsArg, consumersArg] = process.argv.slice(2);
if (!url || !keyPrefix || !subject) throw new Error('usage: redis-quota-worker url prefix subject limit attempts consumers');
const limit = Number(limitArg);
let remaining = Number(attemptsArg);
const consumers = Number(consumersArg);
const store = await createRedisStore({ url, keyPrefix, now: () => Date.now() });
let admitted = 0;

// Connected: tell the parent, then wait for its go signal so both processes start together.
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
