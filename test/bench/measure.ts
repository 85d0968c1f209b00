/** Per-call timing: warm-up, then individually timed calls until an iteration or time budget runs out. */

export interface Timing {
  n: number;
  p50: number;
  p99: number;
  mean: number;
  /** Microseconds throughout. */
  unit: 'us';
}

export interface MeasureOptions {
  warmup: number;
  iterations: number;
  /** Stop early after this much measured time (slow peers), keeping at least minIterations. */
  budgetMs: number;
  minIterations: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

export function summarize(samples: number[]): Timing {
  const s = [...samples].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { n: s.length, p50: round(quantile(s, 0.5)), p99: round(quantile(s, 0.99)), mean: round(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)), unit: 'us' };
}

/** Times fn; awaits only when fn returns a promise. Returns the timing and the last result. */
export async function measure<T>(fn: () => T | Promise<T>, o: MeasureOptions): Promise<{ timing: Timing; result: T }> {
  let result: T = await fn();
  for (let i = 1; i < o.warmup; i++) result = await fn();
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < o.iterations; i++) {
    const t0 = process.hrtime.bigint();
    const r = fn();
    result = r instanceof Promise ? await r : (r as T);
    samples.push(Number(process.hrtime.bigint() - t0) / 1000);
    if (i + 1 >= o.minIterations && performance.now() - started > o.budgetMs) break;
  }
  return { timing: summarize(samples), result };
}
