/**
 * Child process for the kill -9 test: writes keys and quota increments as fast as it can and
 * prints a line after each commit returns ("k <id>" or "q <used>"), until it is killed.
 * argv: dir run
 */
import { createHash } from 'node:crypto';
import { writeSync } from 'node:fs';
import { createLmdbStore } from '../../../runtime/store/lmdb.ts';
import { utcDay } from '../../../runtime/store/types.ts';

// Today: the store prunes counters older than yesterday by its clock.
const TODAY = utcDay(Date.now());

const [dir, run] = process.argv.slice(2);
if (!dir || !run) throw new Error('usage: hammer-worker dir run');
const store = createLmdbStore({ dir, now: () => Date.now() });
for (let i = 0; ; i++) {
  if (i % 2 === 0) {
    const id = `key_${run}_${i}`;
    const digest = createHash('sha256').update(`${run}/${i}`).digest('hex');
    await store.putKey({ id, digest, account: 'hammer', createdAt: new Date().toISOString() });
    writeSync(1, `k ${id} ${digest}\n`);
  } else {
    const r = await store.consumeQuota('account:hammer', TODAY, 1_000_000_000);
    writeSync(1, `q ${r.used}\n`);
  }
}
