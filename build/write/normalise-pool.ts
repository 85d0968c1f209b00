/**
 * Pass 1 on worker threads: the main thread reads source records and hands them out in batches;
 * each worker normalises (toRecipe + recipeJson) and posts results back. The main thread stays
 * synchronous: it collects results with receiveMessageOnPort and sleeps on a shared counter
 * (Atomics.wait) while every worker is busy, so at most a few batches are in flight. Results
 * arrive in any order; the compiler sorts by doc order afterwards, so output does not depend on
 * scheduling. Failures keep the order of the source records.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { ReportState } from '../report.ts';
import type { SourceRecord } from '../sources/types.ts';

export type Normalised = { json: string; createdAt: string; id: string } | { error: string };
export type ToWorker = { type: 'batch'; seq: number; records: SourceRecord[] } | { type: 'done' };
export type FromWorker = { type: 'batch'; seq: number; out: Normalised[] } | { type: 'done'; report: ReportState } | { type: 'fatal'; message: string };
export interface WorkerData {
  datasetDir: string;
  port: MessagePort;
  signal: SharedArrayBuffer;
}

const BATCH = 128;
const IN_FLIGHT_PER_WORKER = 3;

export interface NormalisePool {
  add(record: SourceRecord): void;
  /** Waits for every batch; returns the workers' report counts and failures (source order). */
  finish(): { reports: ReportState[]; failures: string[] };
  /** Stops the workers (always call, also after an error). */
  close(): void;
}

/** Starts `count` workers; `onRecipe` receives each normalised recipe (any order). */
export function normalisePool(datasetDir: string, count: number, onRecipe: (json: string, createdAt: string, id: string) => void): NormalisePool {
  const signal = new SharedArrayBuffer(4);
  const signalView = new Int32Array(signal);
  // Workers run TypeScript: register tsx's loader in each before importing the worker module.
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./normalise-worker.ts', import.meta.url).href;
  const source = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  const workers = Array.from({ length: count }, () => {
    const { port1, port2 } = new MessageChannel();
    const data: WorkerData = { datasetDir, port: port2, signal };
    const worker = new Worker(source, { eval: true, workerData: data, transferList: [port2] });
    return { worker, port: port1, inFlight: 0, done: false, report: undefined as ReportState | undefined };
  });
  const failures: [number, string][] = [];
  let batch: SourceRecord[] = [];
  let seq = 0;

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
        msg.out.forEach((r, i) => {
          if ('error' in r) failures.push([msg.seq * BATCH + i, r.error]);
          else onRecipe(r.json, r.createdAt, r.id);
        });
      }
    }
  };
  /** Blocks until `ready()` holds, draining results as they come. */
  const waitUntil = (ready: () => boolean) => {
    for (;;) {
      const seen = Atomics.load(signalView, 0);
      drain();
      if (ready()) return;
      Atomics.wait(signalView, 0, seen, 1000);
    }
  };
  const send = () => {
    if (batch.length === 0) return;
    let target = workers.find((w) => w.inFlight < IN_FLIGHT_PER_WORKER);
    if (!target) {
      waitUntil(() => workers.some((w) => w.inFlight < IN_FLIGHT_PER_WORKER));
      target = workers.find((w) => w.inFlight < IN_FLIGHT_PER_WORKER)!;
    }
    target.inFlight++;
    target.worker.postMessage({ type: 'batch', seq: seq++, records: batch } satisfies ToWorker);
    batch = [];
  };

  return {
    add(record) {
      batch.push(record);
      if (batch.length === BATCH) send();
    },
    finish() {
      send();
      waitUntil(() => workers.every((w) => w.inFlight === 0));
      for (const w of workers) w.worker.postMessage({ type: 'done' } satisfies ToWorker);
      waitUntil(() => workers.every((w) => w.done));
      return { reports: workers.map((w) => w.report!), failures: failures.sort((a, b) => a[0] - b[0]).map(([, f]) => f) };
    },
    close() {
      for (const w of workers) {
        w.port.close();
        void w.worker.terminate();
      }
    },
  };
}
