/**
 * Pass 1 on worker threads: the main thread reads source records and hands them out in batches;
 * each worker normalises (toRecipe, then spillRecord: JSON, facts, search texts) and posts results back. Sources with a line form
 * (SourceAdapter.lines: JSONL) are handed out as unparsed lines, so the main thread only splits
 * lines and JSON.parse runs on the workers too. The main thread stays synchronous: it collects
 * results with receiveMessageOnPort and sleeps on a shared counter (Atomics.wait) while every
 * worker is busy, so at most a few batches are in flight. Batches are processed in the order they
 * were handed out (a reorder buffer), so results, failures and duplicate-key errors come in
 * source order, exactly as on the main thread.
 */
import { receiveMessageOnPort } from 'node:worker_threads';
import { createSignal, startThread, waitFor, type ThreadLink } from './thread.ts';
import type { ReportState } from '../report.ts';
import type { LineBatch, SourceRecord } from '../sources/types.ts';
import type { SpillRecord } from './spill.ts';

/** One input's outcome: a recipe, a normalisation failure, a skipped line, or an error that aborts the build. */
export type Normalised =
  | (SpillRecord & { source: string; key?: string })
  | { error: string; key?: string }
  | { skip: true }
  | { thrown: string };
export type ToWorker =
  | { type: 'records'; seq: number; records: SourceRecord[] }
  | { type: 'lines'; seq: number; adapter: string; batch: LineBatch }
  | { type: 'done' };
export type FromWorker = { type: 'batch'; seq: number; out: Normalised[] } | { type: 'done'; report: ReportState } | { type: 'fatal'; message: string };
export interface WorkerData extends ThreadLink {
  datasetDir: string;
}

/** Records per batch (structured-cloned records) and lines per batch (raw lines). */
const BATCH = 64;
export const LINE_BATCH = 64;
const IN_FLIGHT_PER_WORKER = 4;

export interface NormalisePool {
  add(record: SourceRecord): void;
  /** Raw lines of a source with a line form; `keyCheck` is that source's duplicate-key check (called in order). */
  addLines(adapter: string, batch: LineBatch, keyCheck: (file: string, index: number, key: string) => void): void;
  /** Waits for every batch; returns the workers' report counts and the normalisation failures (source order). */
  finish(): { reports: ReportState[]; failures: string[] };
  /** Stops the workers (always call, also after an error). */
  close(): void;
}

type Sent = { batch?: LineBatch; keyCheck?: (file: string, index: number, key: string) => void };

/**
 * Starts `count` workers; `onRecipe` receives each normalised recipe, in source order: its spill
 * record (spillRecord, rendered on the worker) and its source.
 */
export function normalisePool(datasetDir: string, count: number, onRecipe: (record: SpillRecord, source: string) => void): NormalisePool {
  const signal = createSignal();
  const entry = new URL('./normalise-worker.ts', import.meta.url);
  const workers = Array.from({ length: count }, () => {
    const { worker, port } = startThread(entry, { datasetDir } satisfies Omit<WorkerData, keyof ThreadLink>, signal);
    return { worker, port, inFlight: 0, done: false, report: undefined as ReportState | undefined };
  });
  const failures: string[] = [];
  let records: SourceRecord[] = [];
  let seq = 0;
  /** What each in-flight batch needs when its results are processed. */
  const sent = new Map<number, Sent>();
  /** Results that arrived before an earlier batch's. */
  const arrived = new Map<number, Normalised[]>();
  let next = 0;

  const process = (s: Sent, out: Normalised[]) => {
    out.forEach((r, k) => {
      if ('thrown' in r) throw new Error(r.thrown);
      if ('skip' in r) return;
      // As on the main thread: a duplicate key aborts before the record's own outcome counts.
      if ('key' in r && r.key !== undefined && s.batch && s.keyCheck) s.keyCheck(s.batch.file, s.batch.first + k, r.key);
      if ('error' in r) {
        failures.push(r.error);
        return;
      }
      onRecipe(r, r.source);
    });
  };
  const drain = () => {
    for (const w of workers) {
      for (let m = receiveMessageOnPort(w.port); m; m = receiveMessageOnPort(w.port)) {
        const msg = m.message as FromWorker;
        if (msg.type === 'fatal') throw new Error(`normalise worker failed: ${msg.message}`);
        if (msg.type === 'done') {
          w.done = true;
          w.report = msg.report;
          continue;
        }
        w.inFlight--;
        arrived.set(msg.seq, msg.out);
      }
    }
    for (let out = arrived.get(next); out; out = arrived.get(next)) {
      arrived.delete(next);
      const s = sent.get(next)!;
      sent.delete(next);
      next++;
      process(s, out);
    }
  };
  /** Blocks until `ready()` holds, draining results as they come. */
  const waitUntil = (ready: () => boolean) => waitFor(signal, drain, ready);
  const post = (msg: ToWorker & { seq: number }, s: Sent) => {
    // The least busy worker (first on ties), waiting while all are at their limit.
    const pick = () => workers.reduce((best, w) => (w.inFlight < best.inFlight ? w : best));
    if (pick().inFlight >= IN_FLIGHT_PER_WORKER) waitUntil(() => pick().inFlight < IN_FLIGHT_PER_WORKER);
    else drain();
    const target = pick();
    target.inFlight++;
    sent.set(msg.seq, s);
    target.worker.postMessage(msg);
  };
  const sendRecords = () => {
    if (records.length === 0) return;
    post({ type: 'records', seq: seq++, records }, {});
    records = [];
  };

  return {
    add(record) {
      records.push(record);
      if (records.length === BATCH) sendRecords();
    },
    addLines(adapter, batch, keyCheck) {
      sendRecords();
      post({ type: 'lines', seq: seq++, adapter, batch }, { batch, keyCheck });
    },
    finish() {
      sendRecords();
      waitUntil(() => workers.every((w) => w.inFlight === 0));
      drain();
      if (next !== seq) throw new Error(`normalise pool: ${seq - next} batches unaccounted for`);
      for (const w of workers) w.worker.postMessage({ type: 'done' } satisfies ToWorker);
      waitUntil(() => workers.every((w) => w.done));
      return { reports: workers.map((w) => w.report!), failures };
    },
    close() {
      for (const w of workers) {
        w.port.close();
        void w.worker.terminate();
      }
    },
  };
}
