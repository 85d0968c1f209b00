/**
 * Runs a step of the client (opening a version, answering a request) until it ran with every
 * byte it read at hand: a lazy source either throws NeedBytes or reads on over zeros and notes
 * the miss (Source.missCount/takeMisses); either way the run is thrown away, the missing ranges
 * are fetched in one batch and the step runs again. The core is deterministic, so each run gets
 * further; a result is returned only from a run during which no read missed. A run that met
 * corrupt bytes (a DatasetError or FormatError) while the source holds blocks from its persistent
 * cache runs again once those are dropped (Source.forgetCached): a corrupt cache entry costs a
 * fetch, never an answer.
 */
import { isDatasetFault } from '../errors.ts';
import { NeedBytes, type ByteRange, type Source } from './source.ts';

/** Runs of one step before a lazy source is deemed not to converge (each run fetches what the last one missed). */
export const MAX_FETCH_ROUNDS = 32;

export async function untilHeld<T>(source: Source, step: () => T | Promise<T>): Promise<T> {
  for (let round = 0; ; round++) {
    const before = source.missCount?.() ?? 0;
    let result: T | undefined;
    let failure: { error: unknown } | undefined;
    try {
      result = await step();
    } catch (error) {
      failure = { error };
    }
    const missed = (source.missCount?.() ?? 0) !== before;
    if (!missed && !(failure?.error instanceof NeedBytes)) {
      if (failure && isDatasetFault(failure.error) && round < MAX_FETCH_ROUNDS && (await source.forgetCached?.())) continue;
      if (failure) throw failure.error;
      return result as T;
    }
    // Taken only after a miss: a run without one left none to take (the warm path allocates nothing here).
    const needed: ByteRange[] = [...(failure?.error instanceof NeedBytes ? failure.error.ranges : []), ...(source.takeMisses?.() ?? [])];
    if (!source.fetchRanges) throw failure?.error ?? new Error('a lazy source missed bytes but cannot fetch them');
    if (round >= MAX_FETCH_ROUNDS) throw new Error(`${source.location}: still missing bytes after ${MAX_FETCH_ROUNDS} rounds of fetching`);
    await source.fetchRanges(needed);
  }
}
