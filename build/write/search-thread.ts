/**
 * The search index on two threads, for buildDataset's pass 2 when it runs with worker threads.
 * The search index costs more than every other part writer together, so a worker
 * (search-worker.ts) starts on the first docs as soon as pass 2 does, replaying the search spill
 * on its own (each recipe's language and field texts, rendered by the normalise workers in pass
 * 1: no JSON parsing, no message per recipe), while the main thread feeds the other part
 * writers; then the main thread builds the remaining docs (SEARCH_MAIN_SHARE of them), takes
 * the worker's docs (SearchIndexBuilder.part, transferred), appends both in doc order to one
 * builder and encodes the file in place of searchWriter's. Same bytes.
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
import { SearchIndexBuilder, searchWriter, type SearchPart } from './search.ts';
import { replaySearchTexts, type SpillLayout } from './spill.ts';
import type { PartWriter } from './types.ts';

/**
 * The share of the docs whose search terms the main thread adds, after feeding the other part
 * writers (default 0.25, range 0..0.5): those cost it about half of what the search index costs
 * the worker, so at a quarter both threads finish about together.
 */
export const SEARCH_MAIN_SHARE = 0.25;

export interface SearchWorkerData extends ThreadLink {
  layout: SpillLayout;
}

/** Milliseconds spent reading the search spill and adding its docs to a builder. */
export interface AddTimings {
  readMs: number;
  addMs: number;
}

/** The worker's one message: its docs (buffers transferred) and timings, or why it failed. */
export type FromSearchWorker = ({ type: 'done'; part: SearchPart } & AddTimings) | { type: 'fatal'; message: string };

/** Replays the search spill of `layout` (docs 0, 1, ... in its order) into a new SearchIndexBuilder. */
export function builderFromSpill(layout: SpillLayout): { builder: SearchIndexBuilder } & AddTimings {
  const builder = new SearchIndexBuilder(layout.lengths.length);
  let addMs = 0;
  const t = performance.now();
  replaySearchTexts(layout, (doc, language, texts) => {
    const a = performance.now();
    builder.addTexts(doc, language, texts);
    addMs += performance.now() - a;
  });
  return { builder, readMs: Math.round(performance.now() - t - addMs), addMs: Math.round(addMs) };
}

/** Docs [from, to) of a layout. */
const slice = (layout: SpillLayout, from: number, to: number): SpillLayout => ({
  file: layout.file,
  offsets: layout.offsets.slice(from, to),
  lengths: layout.lengths.slice(from, to),
});

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
  /** Stands in for searchWriter: its add does nothing, its finish adds this thread's share, merges the worker's and emits the file. */
  writer: PartWriter;
  /** Stops the thread (always call, also after an error). */
  close(): void;
}

/** Starts building the search terms of the first docs of `layout` (Spill.searchLayout) now; `log` gets the timings. */
export function searchThread(layout: SpillLayout, log: (line: string) => void = () => {}): SearchThread {
  const count = layout.lengths.length;
  const split = count - Math.floor(count * SEARCH_MAIN_SHARE);
  const signal = createSignal();
  const data = { layout: slice(layout, 0, split) } satisfies Omit<SearchWorkerData, keyof ThreadLink>;
  const { worker, port } = startThread(new URL('./search-worker.ts', import.meta.url), data, signal);
  const result = (): FromSearchWorker => {
    let msg: FromSearchWorker | undefined;
    waitFor(signal, () => (msg ??= receiveMessageOnPort(port)?.message as FromSearchWorker | undefined), () => msg !== undefined);
    return msg!;
  };
  const writer: PartWriter = {
    name: searchWriter.name,
    begin({ recipeCount, emit }) {
      if (recipeCount !== count) throw new Error(`search thread: ${count} docs spilled, ${recipeCount} to write`);
      return {
        add: () => {},
        finish() {
          const own = split < count ? builderFromSpill(slice(layout, split, count)) : undefined;
          let t = performance.now();
          const msg = result();
          const waitMs = since(t);
          if (msg.type === 'fatal') throw new Error(`search index thread failed: ${msg.message}`);
          t = performance.now();
          const whole = new SearchIndexBuilder(count);
          whole.append(msg.part);
          if (own) whole.append(own.builder.part());
          const mergeMs = since(t);
          t = performance.now();
          emit(PATHS.searchIndex, whole.encode());
          const mine = own ? `read ${own.readMs} ms, add ${own.addMs} ms` : 'none';
          log(`  search index thread: ${msg.readMs + msg.addMs} ms (read ${msg.readMs} ms, add ${msg.addMs} ms); main thread's share: ${mine}, waited ${waitMs} ms, merge ${mergeMs} ms, encode ${since(t)} ms`);
        },
      };
    },
  };
  return {
    writer,
    close() {
      port.close();
      void worker.terminate();
    },
  };
}
