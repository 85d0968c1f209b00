/**
 * Child process for the multi-process quota test: opens the shared lmdb store and runs
 * `consumers` concurrent loops making `attempts` quota attempts in all; prints the admitted count.
 * argv: dir subject limit attempts consumers
 */
import { createLmdbStore } from '../../../../runtime/store/lmdb.ts';
import { utcDay } from '../../../../runtime/store/types.ts';

// Today: the store prunes counters older than yesterday by its clock.
const TODAY = utcDay(Date.now());

const [dir, subject, limitArg, attemptsArg, consumersArg] = process.argv.slice(2);
if (!dir || !subject) throw new Error('usage: quota-worker dir subject limit attempts consumers');
const limit = Number(limitArg);
let remaining = Number(attemptsArg);
const consumers = Number(consumersArg);
const store = createLmdbStore({ dir, now: () => Date.now() });
let admitted = 0;

// Wait for the parent's go signal so both processes start together.
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
