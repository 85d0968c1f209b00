/**
 * The search index on a thread of its own, for buildDataset's pass 2 when it runs with worker
 * threads. The search index costs about as much as every other part writer together, so a
 * worker (search-worker.ts) builds all of it as soon as pass 2 starts, replaying the search spill
 * on its own (each recipe's language and field texts, rendered by the normalise workers in pass
 * 1: no JSON parsing, no message per recipe) and encodes the file, while the main thread feeds
 * the other part writers; then the main thread takes the file (transferred, not copied) in place
 * of searchWriter's. Same bytes.
 *
 * The main thread stays synchronous, as with the normalise workers (thread.ts): it waits on a
 * shared counter (Atomics.wait) and takes the result with receiveMessageOnPort.
 *
 * Without worker threads, searchSpillWriter builds the index from the same spill on the main
 * thread, when pass 2's other writers are done.
 */
import { receiveMessageOnPort } from 'node:worker_threads';
import { createSignal, startThread, waitFor, type ThreadLink } from './thread.ts';
import { PATHS } from '../../runtime/format/constants.ts';
import { SearchIndexBuilder, searchWriter } from './search.ts';
import { replaySearchRecords, type SpillLayout } from './spill.ts';
import type { PartWriter } from './types.ts';

export type SearchWorkerData = ThreadLink;

/** The main thread's one message to the search worker: the spill to build the index from. */
export interface ToSearchWorker {
  layout: SpillLayout;
}

/** Milliseconds spent reading the search spill and adding its docs to a builder. */
export interface AddTimings {
  readMs: number;
  addMs: number;
}

/** The worker's one message: the file (its buffer transferred) and timings, or why it failed. */
export type FromSearchWorker = ({ type: 'done'; file: Uint8Array; encodeMs: number } & AddTimings) | { type: 'fatal'; message: string };

/** Replays the search spill of `layout` (docs 0, 1, ... in its order) into a new SearchIndexBuilder. */
export function builderFromSpill(layout: SpillLayout): { builder: SearchIndexBuilder } & AddTimings {
  const builder = new SearchIndexBuilder(layout.lengths.length);
  let addMs = 0;
  const t = performance.now();
  replaySearchRecords(layout, (doc, record, lines) => {
    const a = performance.now();
    builder.addRecord(doc, record, 0, lines);
    addMs += performance.now() - a;
  });
  return { builder, readMs: Math.round(performance.now() - t - addMs), addMs: Math.round(addMs) };
}

/** What the search worker does: the whole file from the spill (hashed where it is written). */
export function searchFileFromSpill(layout: SpillLayout): Extract<FromSearchWorker, { type: 'done' }> {
  const { builder, readMs, addMs } = builderFromSpill(layout);
  const t = performance.now();
  const file = builder.encode();
  return { type: 'done', file, readMs, addMs, encodeMs: since(t) };
}

const since = (t: number) => Math.round(performance.now() - t);

/** Stands in for searchWriter on this thread: its add does nothing, its finish builds the index from the search spill and emits it. */
export function searchSpillWriter(layout: SpillLayout, log: (line: string) => void = () => {}): PartWriter {
  return {
    name: searchWriter.name,
    begin({ recipeCount, emit }) {
      if (recipeCount !== layout.lengths.length) throw new Error(`search spill: ${layout.lengths.length} docs spilled, ${recipeCount} to write`);
      return {
        add: () => {},
        finish() {
          const { builder, readMs, addMs } = builderFromSpill(layout);
          const t = performance.now();
          emit(PATHS.searchIndex, builder.encode());
          log(`  search index from spill: read ${readMs} ms, add ${addMs} ms, encode ${since(t)} ms`);
        },
      };
    },
  };
}

export interface SearchThread {
  /** Hands the thread the search spill of the docs (Spill.searchLayout): it builds the index now. */
  start(layout: SpillLayout): void;
  /** Stands in for searchWriter: its add does nothing, its finish waits for the thread's file and emits it. */
  writer: PartWriter;
  /** Stops the thread (always call, also after an error). */
  close(): void;
}

/**
 * Starts the search index thread now (it loads its modules meanwhile), to build the index of the
 * layout that start() hands it; `log` gets the timings.
 */
export function searchThread(log: (line: string) => void = () => {}): SearchThread {
  let count: number | undefined;
  let started = 0;
  const signal = createSignal();
  const { worker, port } = startThread(new URL('./search-worker.ts', import.meta.url), {}, signal);
  const result = (): FromSearchWorker => {
    let msg: FromSearchWorker | undefined;
    waitFor(signal, () => (msg ??= receiveMessageOnPort(port)?.message as FromSearchWorker | undefined), () => msg !== undefined);
    return msg!;
  };
  const writer: PartWriter = {
    name: searchWriter.name,
    begin({ recipeCount, emit }) {
      if (count === undefined) throw new Error('search thread: not started');
      if (recipeCount !== count) throw new Error(`search thread: ${count} docs spilled, ${recipeCount} to write`);
      return {
        add: () => {},
        finish() {
          const t = performance.now();
          const msg = result();
          const waitMs = since(t);
          if (msg.type === 'fatal') throw new Error(`search index thread failed: ${msg.message}`);
          emit(PATHS.searchIndex, msg.file);
          log(`  search index thread: ${since(started)} ms (read ${msg.readMs} ms, add ${msg.addMs} ms, encode ${msg.encodeMs} ms); main thread waited ${waitMs} ms`);
        },
      };
    },
  };
  return {
    start(layout) {
      if (count !== undefined) throw new Error('search thread: started twice');
      count = layout.lengths.length;
      started = performance.now();
      const transfer = [layout.part.buffer, layout.offsets.buffer, layout.lengths.buffer] as ArrayBuffer[];
      port.postMessage({ layout } satisfies ToSearchWorker, transfer);
    },
    writer,
    close() {
      port.close();
      void worker.terminate();
    },
  };
}
