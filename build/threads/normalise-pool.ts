/**
 * Pass 1 on worker threads: the main thread reads source records and hands them out in batches;
 * each worker normalises them (toRecipe), spills each recipe itself (its own part of the spill:
 * SpillWriter, build/spill/spill.ts) and posts back only what the main thread keeps of it (createdAt, id,
 * source, key). Sources with a line form (SourceAdapter.lines: JSONL) are handed out as
 * undecoded bytes (transferred, not copied), so the main thread only finds line ends, and
 * decoding and JSON.parse run on the workers too. The main thread stays synchronous: it collects
 * results with receiveMessageOnPort and sleeps on a shared counter (Atomics.wait) while every
 * worker is busy, so at most a few batches are in flight. Batches are processed in the order they
 * were handed out (a reorder buffer), so results, failures and duplicate-key errors come in
 * source order, exactly as on the main thread. The ingredient lines a worker parses go to the
 * others with their next batch (shareLines, ingredients.ts): each distinct line is parsed and
 * matched about once, not once per worker.
 */
import { receiveMessageOnPort } from 'node:worker_threads';
import { createSignal, startThread, waitFor, type ThreadLink } from './thread.ts';
import type { CatalogEntry } from '../../runtime/format/catalog.ts';
import type { ReportState } from '../report.ts';
import type { SharedLine } from '../normalize/ingredients.ts';
import type { LineBatch, SourceRecord } from '../sources/types.ts';
import type { SpillFiles, SpillPositions } from '../spill/spill.ts';

/** One input's outcome (BatchOut.kinds): a recipe (spilled by the worker), a normalisation failure, a skipped line, or an error that aborts the build. */
export const RECIPE = 0;
export const FAILED = 1;
export const SKIPPED = 2;
export const THROWN = 3;

/**
 * A batch's outcomes in columns (cheaper to pass between threads than an object per input):
 * per input its kind; per recipe or failure of a line batch its key; per recipe its createdAt,
 * id and source; per failure its message; the message of a THROWN input (the last one).
 */
export interface BatchOut {
  kinds: Uint8Array;
  keys: string[];
  createdAt: string[];
  ids: string[];
  sources: string[];
  errors: string[];
  thrown?: string;
}
/** `shared`: ingredient lines the other workers have parsed since (shareLines, ingredients.ts). */
export type ToWorker =
  | { type: 'records'; seq: number; records: SourceRecord[]; shared: SharedLine[] }
  | { type: 'lines'; seq: number; adapter: string; batch: LineBatch; shared: SharedLine[] }
  | { type: 'done' };
/** `first`: the spill record number of the batch's first recipe in the worker's part. */
export type FromWorker =
  | { type: 'batch'; seq: number; first: number; out: BatchOut; shared: SharedLine[] }
  | ({ type: 'catalog' } & PoolCatalog)
  | { type: 'done'; report: ReportState; positions: SpillPositions }
  | { type: 'fatal'; message: string };
export interface WorkerData extends ThreadLink {
  datasetDir: string;
  /** The worker's part of the spill. */
  spill: SpillFiles;
  /** Whether to post the catalog (worker 0 does, once it has loaded it). */
  sendCatalog: boolean;
  /** Whether to share the ingredient lines it parses with the other workers (when there are others). */
  shareLines: boolean;
}

/** What the build needs of the catalog besides normalising: its entries and ingredientNameTable. */
export interface PoolCatalog {
  entries: CatalogEntry[];
  names: [string, string][];
}

/** Records per batch (structured-cloned records) and lines per batch (raw lines). */
const BATCH = 64;
export const LINE_BATCH = 64;
const IN_FLIGHT_PER_WORKER = 4;

export interface NormalisePool {
  add(record: SourceRecord): void;
  /** Raw lines of a source with a line form; `keyCheck` is that source's duplicate-key check (called in order). */
  addLines(adapter: string, batch: LineBatch, keyCheck: (file: string, index: number, key: string) => void): void;
  /** The catalog as worker 0 loaded it (waits for it): this thread need not load it too. */
  catalog(): PoolCatalog;
  /** Waits for every batch; returns the workers' report counts, the positions of each worker's spill records (by worker) and the normalisation failures (source order). */
  finish(): { reports: ReportState[]; positions: SpillPositions[]; failures: string[] };
  /** Stops the workers (always call, also after an error). */
  close(): void;
}

/** What the main thread keeps of one recipe, in source order: worker w spilled it as record `record` of its part. */
export type OnRecipe = (worker: number, record: number, recipe: { createdAt: string; id: string; source: string }) => void;

type Sent = { worker: number; batch?: LineBatch; keyCheck?: (file: string, index: number, key: string) => void };

/**
 * Starts `count` workers, worker w spilling into `spill(w)`; `onRecipe` receives each normalised
 * recipe, in source order.
 */
export function normalisePool(datasetDir: string, count: number, spill: (worker: number) => SpillFiles, onRecipe: OnRecipe): NormalisePool {
  const signal = createSignal();
  const entry = new URL('./normalise-worker.ts', import.meta.url);
  const workers = Array.from({ length: count }, (_, w) => {
    const { worker, port } = startThread(entry, { datasetDir, spill: spill(w), sendCatalog: w === 0, shareLines: count > 1 } satisfies Omit<WorkerData, keyof ThreadLink>, signal);
    return { worker, port, inFlight: 0, spilled: 0, done: false, report: undefined as ReportState | undefined, positions: undefined as SpillPositions | undefined, shared: [] as SharedLine[] };
  });
  const failures: string[] = [];
  let catalog: PoolCatalog | undefined;
  let records: SourceRecord[] = [];
  let seq = 0;
  /** What each in-flight batch needs when its results are processed. */
  const sent = new Map<number, Sent>();
  /** Results that arrived before an earlier batch's. */
  const arrived = new Map<number, { first: number; out: BatchOut }>();
  let next = 0;

  const process = (s: Sent, first: number, out: BatchOut) => {
    const w = workers[s.worker]!;
    if (first !== w.spilled) throw new Error(`normalise pool: worker ${s.worker} spilled record ${first}, expected ${w.spilled}`);
    let keyed = 0;
    let recipes = 0;
    let failed = 0;
    for (let k = 0; k < out.kinds.length; k++) {
      const kind = out.kinds[k]!;
      if (kind === THROWN) throw new Error(out.thrown);
      if (kind === SKIPPED) continue;
      // As on the main thread: a duplicate key aborts before the record's own outcome counts.
      if (s.batch && s.keyCheck) s.keyCheck(s.batch.file, s.batch.first + k, out.keys[keyed++]!);
      if (kind === FAILED) failures.push(out.errors[failed++]!);
      else {
        onRecipe(s.worker, w.spilled++, { createdAt: out.createdAt[recipes]!, id: out.ids[recipes]!, source: out.sources[recipes]! });
        recipes++;
      }
    }
  };
  const drain = () => {
    for (const w of workers) {
      for (let m = receiveMessageOnPort(w.port); m; m = receiveMessageOnPort(w.port)) {
        const msg = m.message as FromWorker;
        if (msg.type === 'fatal') throw new Error(`normalise worker failed: ${msg.message}`);
        if (msg.type === 'catalog') {
          catalog = { entries: msg.entries, names: msg.names };
          continue;
        }
        if (msg.type === 'done') {
          w.done = true;
          w.report = msg.report;
          w.positions = msg.positions;
          continue;
        }
        w.inFlight--;
        arrived.set(msg.seq, msg);
        // The lines it parsed go to the others with their next batch.
        if (msg.shared.length > 0) for (const other of workers) if (other !== w) for (const line of msg.shared) other.shared.push(line);
      }
    }
    for (let got = arrived.get(next); got; got = arrived.get(next)) {
      arrived.delete(next);
      const s = sent.get(next)!;
      sent.delete(next);
      next++;
      process(s, got.first, got.out);
    }
  };
  /** Blocks until `ready()` holds, draining results as they come. */
  const waitUntil = (ready: () => boolean) => waitFor(signal, drain, ready);
  const post = (msg: Exclude<ToWorker, { type: 'done' }>, s: Omit<Sent, 'worker'>, transfer: ArrayBuffer[] = []) => {
    // The least busy worker (first on ties), waiting while all are at their limit.
    const pick = () => workers.reduce((best, w) => (w.inFlight < best.inFlight ? w : best));
    if (pick().inFlight >= IN_FLIGHT_PER_WORKER) waitUntil(() => pick().inFlight < IN_FLIGHT_PER_WORKER);
    else drain();
    const target = pick();
    target.inFlight++;
    sent.set(msg.seq, { ...s, worker: workers.indexOf(target) });
    msg.shared = target.shared;
    target.shared = [];
    target.worker.postMessage(msg, transfer);
  };
  const sendRecords = () => {
    if (records.length === 0) return;
    post({ type: 'records', seq: seq++, records, shared: [] }, {});
    records = [];
  };

  return {
    add(record) {
      records.push(record);
      if (records.length === BATCH) sendRecords();
    },
    addLines(adapter, batch, keyCheck) {
      sendRecords();
      // The worker gets the bytes; this thread keeps what the key check needs.
      const kept: LineBatch = { file: batch.file, first: batch.first, bytes: new Uint8Array(0), starts: new Uint32Array(0), ends: new Uint32Array(0) };
      const buffers = [...new Set([batch.bytes.buffer, batch.starts.buffer, batch.ends.buffer])] as ArrayBuffer[];
      post({ type: 'lines', seq: seq++, adapter, batch, shared: [] }, { batch: kept, keyCheck }, buffers);
    },
    catalog() {
      waitUntil(() => catalog !== undefined);
      return catalog!;
    },
    finish() {
      sendRecords();
      waitUntil(() => workers.every((w) => w.inFlight === 0));
      drain();
      if (next !== seq) throw new Error(`normalise pool: ${seq - next} batches unaccounted for`);
      for (const w of workers) w.worker.postMessage({ type: 'done' } satisfies ToWorker);
      waitUntil(() => workers.every((w) => w.done));
      workers.forEach((w, i) => {
        if (w.positions!.recipeLengths.length !== w.spilled) throw new Error(`normalise pool: worker ${i} spilled ${w.positions!.recipeLengths.length} recipes, ${w.spilled} counted`);
      });
      return { reports: workers.map((w) => w.report!), positions: workers.map((w) => w.positions!), failures };
    },
    close() {
      for (const w of workers) {
        w.port.close();
        void w.worker.terminate();
      }
    },
  };
}
