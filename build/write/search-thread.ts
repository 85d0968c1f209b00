/**
 * The search index on a thread of its own, for buildDataset's pass 2 when it runs with worker
 * threads. Pass 2 is otherwise one thread: the main thread parses each recipe and feeds every
 * part writer, the search writer being the largest of them, while pass 1's normalise workers are
 * gone and their cores idle. Here a worker (search-worker.ts) replays the search spill on its own
 * (each recipe's language and field texts, rendered by the normalise workers in pass 1: no JSON
 * parsing, no message per recipe), builds the index with the same SearchIndexBuilder and hands
 * back the finished file, which the main thread emits in place of searchWriter's. Same bytes.
 *
 * The main thread stays synchronous, as with the normalise workers (thread.ts): it waits on a
 * shared counter (Atomics.wait) and takes the result with receiveMessageOnPort.
 */
import { receiveMessageOnPort } from 'node:worker_threads';
import { createSignal, startThread, waitFor, type ThreadLink } from './thread.ts';
import { PATHS } from '../../runtime/format/constants.ts';
import { searchWriter } from './search.ts';
import type { SpillLayout } from './spill.ts';
import type { PartWriter } from './types.ts';

export interface SearchWorkerData extends ThreadLink {
  layout: SpillLayout;
}

/** The worker's one message: the file (transferred) and its timings, or why it failed. */
export type FromSearchWorker = { type: 'done'; bytes: Uint8Array; readMs: number; addMs: number; encodeMs: number } | { type: 'fatal'; message: string };

export interface SearchThread {
  /** Stands in for searchWriter: its add does nothing, its finish waits for the thread and emits. */
  writer: PartWriter;
  /** Stops the thread (always call, also after an error). */
  close(): void;
}

/** Starts building the search index of the docs of `layout` (Spill.searchLayout) now; `log` gets the thread's timings. */
export function searchThread(layout: SpillLayout, log: (line: string) => void = () => {}): SearchThread {
  const signal = createSignal();
  const { worker, port } = startThread(new URL('./search-worker.ts', import.meta.url), { layout } satisfies Omit<SearchWorkerData, keyof ThreadLink>, signal);
  const result = (): FromSearchWorker => {
    let msg: FromSearchWorker | undefined;
    waitFor(signal, () => (msg ??= receiveMessageOnPort(port)?.message as FromSearchWorker | undefined), () => msg !== undefined);
    return msg!;
  };
  const writer: PartWriter = {
    name: searchWriter.name,
    begin({ recipeCount, emit }) {
      if (recipeCount !== layout.lengths.length) throw new Error(`search thread: ${layout.lengths.length} docs spilled, ${recipeCount} to write`);
      return {
        add: () => {},
        finish() {
          const msg = result();
          if (msg.type === 'fatal') throw new Error(`search index thread failed: ${msg.message}`);
          log(`  search index thread: ${msg.readMs + msg.addMs + msg.encodeMs} ms (read ${msg.readMs} ms, add ${msg.addMs} ms, encode ${msg.encodeMs} ms)`);
          emit(PATHS.searchIndex, msg.bytes);
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
