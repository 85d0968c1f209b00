/**
 * The search index on threads of its own, for buildDataset's pass 2 when it runs with worker
 * threads. The search index costs about twice as much as every other part writer together, so
 * SEARCH_THREADS workers (search-worker.ts) build it as soon as pass 2 starts, while the main
 * thread feeds the other part writers; then the main thread takes the file in place of
 * searchWriter's. Same bytes.
 *
 * The docs are cut into one contiguous range per worker (splitDocs: about equal search record
 * bytes). Each worker replays the search spill of its range on its own (each recipe's language
 * and field texts, rendered by the normalise workers in pass 1: no JSON parsing, no message per
 * recipe) into a SearchIndexBuilder of those docs, and sends what the layout of the file needs of
 * them (SearchPartSummary: its terms, dfs, languages and per-doc lengths; small) to worker 0.
 * Worker 0 plans the file (planSearchFile: the merged dictionary, every term's place), creates it
 * in shared memory and hands each worker the file and where its postings go; every worker then
 * scatters its own postings into the file (the parts' bytes are disjoint), the others' block
 * bounds go back to worker 0, which merges them and writes TermMax. The file goes to the main
 * thread shared, not copied (and so on to the file thread).
 *
 * The main thread stays synchronous, as with the normalise workers (thread.ts): it waits on a
 * shared counter (Atomics.wait) and takes the result with receiveMessageOnPort; the workers wait
 * for each other the same way, on a counter of their own. A worker that fails posts why to the
 * main thread, which throws (the others, perhaps waiting for it, are terminated).
 *
 * Without worker threads, searchSpillWriter builds the index from the same spill on the main
 * thread, when pass 2's other writers are done.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { createSignal, startThread, threadPoster, waitFor, type ThreadLink } from './thread.ts';
import { PATHS } from '../../runtime/format/constants.ts';
import { searchWriter } from '../write/search.ts';
import { SearchIndexBuilder } from '../write/search/builder.ts';
import { finishSearchFile, planSearchFile, searchFileBlocks, writeSearchFileHead, type SearchPartSummary, type SearchPlacement } from '../write/search/file-plan.ts';
import { replaySearchRecords, type SpillLayout } from '../spill/spill.ts';
import type { PartWriter } from '../write/types.ts';

/**
 * Search index workers in pass 2 (default 2, this machine's cores; at least 1). The main
 * thread's part writers run beside them: with 2 the three threads share the two cores, and pass
 * 2 takes about (other writers + search index) / 2 instead of the search index alone.
 */
export const SEARCH_THREADS = 2;

export interface SearchWorkerData extends ThreadLink {
  /** Its range of docs: 0 plans and completes the file. */
  part: number;
  /** Worker 0: a port to each other worker (worker p's at p − 1); any other: its port to worker 0. */
  peers: MessagePort[];
  /** The counter the search workers bump for each other (thread.ts). */
  peerSignal: SharedArrayBuffer;
}

/** The main thread's one message to each search worker: the search spill of its docs, [firstDoc, firstDoc + layout.lengths.length). */
export interface ToSearchWorker {
  layout: SpillLayout;
  firstDoc: number;
}

/** Milliseconds a worker spent reading its search spill, adding its docs to its builder, and scattering its postings into the file. */
export interface PartTimings {
  readMs: number;
  addMs: number;
  scatterMs: number;
}

/**
 * Between the search workers: a worker's summary to worker 0; worker 0's answer (the file, in
 * shared memory, its block count, and where the worker's postings go); the worker's block bounds
 * (SearchIndexBuilder.scatter) to worker 0 once its postings are in the file.
 */
export type SearchPeerMessage =
  | { type: 'summary'; summary: SearchPartSummary; readMs: number; addMs: number }
  | { type: 'plan'; file: Uint8Array; blockCount: number; placement: SearchPlacement }
  | { type: 'scattered'; blocks: Uint32Array; scatterMs: number };

/** Worker 0's message when the file is complete (in shared memory: no transfer), with every worker's timings; or any worker's, why it failed. */
export type FromSearchWorker = { type: 'done'; file: Uint8Array; parts: PartTimings[]; planMs: number; finishMs: number } | { type: 'fatal'; message: string };

/** Replays the search spill of `layout` (docs firstDoc, firstDoc + 1, ... in its order) into a new SearchIndexBuilder of those docs. */
export function builderFromSpill(layout: SpillLayout, firstDoc = 0): { builder: SearchIndexBuilder; readMs: number; addMs: number } {
  const builder = new SearchIndexBuilder(layout.lengths.length, firstDoc);
  let addMs = 0;
  const t = performance.now();
  replaySearchRecords(layout, (doc, record, lines) => {
    const a = performance.now();
    builder.addRecord(firstDoc + doc, record, 0, lines);
    addMs += performance.now() - a;
  });
  return { builder, readMs: Math.round(performance.now() - t - addMs), addMs: Math.round(addMs) };
}

const since = (t: number) => Math.round(performance.now() - t);

/**
 * Doc boundaries of `parts` ranges of about equal search record bytes (what the analysis costs
 * follow): range p is docs [bounds[p], bounds[p + 1]); ranges may be empty.
 */
export function splitDocs(lengths: Uint32Array, parts: number): number[] {
  const N = lengths.length;
  let total = 0;
  for (let d = 0; d < N; d++) total += lengths[d]!;
  const bounds = [0];
  let sum = 0;
  let d = 0;
  for (let p = 1; p < parts; p++) {
    const target = (total * p) / parts;
    while (d < N && sum + lengths[d]! / 2 <= target) sum += lengths[d++]!;
    bounds.push(d);
  }
  bounds.push(N);
  return bounds;
}

/** The layout of docs [from, to) of `layout`: its own arrays (to transfer), the same files and lines. */
function layoutSlice(layout: SpillLayout, from: number, to: number): SpillLayout {
  return { files: layout.files, lines: layout.lines, part: layout.part.slice(from, to), offsets: layout.offsets.slice(from, to), lengths: layout.lengths.slice(from, to) };
}

/** One search worker's line to another: posts (waking it) and waits for the next message. */
export interface SearchPeer {
  post(msg: SearchPeerMessage, transfer?: ArrayBuffer[]): void;
  next<T extends SearchPeerMessage['type']>(type: T): Extract<SearchPeerMessage, { type: T }>;
}

/** The SearchPeer over `port`, waking and waiting on `signal` (the workers' own counter). */
export function searchPeer(port: MessagePort, signal: SharedArrayBuffer): SearchPeer {
  const post = threadPoster<SearchPeerMessage>({ port, signal });
  return {
    post,
    next(type) {
      let msg: SearchPeerMessage | undefined;
      waitFor(signal, () => (msg ??= receiveMessageOnPort(port)?.message as SearchPeerMessage | undefined), () => msg !== undefined);
      if (msg!.type !== type) throw new Error(`search thread: ${msg!.type} instead of ${type}`);
      return msg as Extract<SearchPeerMessage, { type: typeof type }>;
    },
  };
}

/**
 * Worker 0's part: its docs (from the spill of `layout`, docs 0, 1, ...), then the file: planned
 * from its own summary and every other worker's (`peers`, in doc order), handed to them with
 * their placements, its own postings scattered into it, the others' block bounds merged.
 */
export function leadSearchPart(layout: SpillLayout, peers: readonly SearchPeer[]): Extract<FromSearchWorker, { type: 'done' }> {
  const { builder, readMs, addMs } = builderFromSpill(layout, 0);
  const summaries = [builder.summary()];
  const parts: PartTimings[] = [{ readMs, addMs, scatterMs: 0 }];
  for (const peer of peers) {
    const msg = peer.next('summary');
    summaries.push(msg.summary);
    parts.push({ readMs: msg.readMs, addMs: msg.addMs, scatterMs: 0 });
  }
  let t = performance.now();
  const plan = planSearchFile(summaries);
  const file = new Uint8Array(new SharedArrayBuffer(plan.size));
  peers.forEach((peer, i) => {
    const placement = plan.placements[i + 1]!;
    peer.post({ type: 'plan', file, blockCount: plan.blockCount, placement }, [placement.terms.buffer as ArrayBuffer]);
  });
  writeSearchFileHead(file, plan);
  const planMs = since(t);
  t = performance.now();
  builder.scatter(file, plan.placements[0]!, searchFileBlocks(file, plan));
  parts[0]!.scatterMs = since(t);
  const others = peers.map((peer, i) => {
    const msg = peer.next('scattered');
    parts[i + 1]!.scatterMs = msg.scatterMs;
    return msg.blocks;
  });
  t = performance.now();
  finishSearchFile(file, plan, others);
  return { type: 'done', file, parts, planMs, finishMs: since(t) };
}

/**
 * Any other worker's part: its docs (from the spill of `layout`, docs firstDoc, firstDoc + 1, ...),
 * their summary to worker 0 (`lead`), then its postings into the file worker 0 hands back, and its
 * block bounds to worker 0.
 */
export function followSearchPart(layout: SpillLayout, firstDoc: number, lead: SearchPeer): void {
  const { builder, readMs, addMs } = builderFromSpill(layout, firstDoc);
  // Copied, not transferred: the builder still needs its lengths to scatter.
  lead.post({ type: 'summary', summary: builder.summary(), readMs, addMs });
  const { file, blockCount, placement } = lead.next('plan');
  const t = performance.now();
  const blocks = new Uint32Array(2 * blockCount);
  builder.scatter(file, placement, blocks);
  lead.post({ type: 'scattered', blocks, scatterMs: since(t) }, [blocks.buffer]);
}

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
  /** Hands the threads the search spill of the docs (Spill.searchLayout): they build the index now. */
  start(layout: SpillLayout): void;
  /** Stands in for searchWriter: its add does nothing, its finish waits for the threads' file and emits it. */
  writer: PartWriter;
  /** Stops the threads (always call, also after an error). */
  close(): void;
}

/**
 * Starts the search index threads now (they load their modules meanwhile), `threads` of them
 * (default SEARCH_THREADS), to build the index of the layout that start() hands them; `log` gets
 * the timings.
 */
export function searchThread(log: (line: string) => void = () => {}, threads = SEARCH_THREADS): SearchThread {
  if (!Number.isInteger(threads) || threads < 1) throw new Error(`search thread: ${threads} threads`);
  let count: number | undefined;
  let started = 0;
  const signal = createSignal();
  const peerSignal = createSignal();
  const channels = Array.from({ length: threads - 1 }, () => new MessageChannel());
  const entry = new URL('./search-worker.ts', import.meta.url);
  const workers = Array.from({ length: threads }, (_, part) => {
    const peers = part === 0 ? channels.map((c) => c.port1) : [channels[part - 1]!.port2];
    return startThread(entry, { part, peers, peerSignal } satisfies Omit<SearchWorkerData, keyof ThreadLink>, signal, peers);
  });
  let result: FromSearchWorker | undefined;
  const drain = () => {
    for (const { port } of workers) {
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
        const msg = m.message as FromSearchWorker;
        // A failure wins: another worker may be waiting for the one that failed.
        if (result?.type !== 'fatal') result = msg;
      }
    }
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
          waitFor(signal, drain, () => result !== undefined);
          const msg = result!;
          const waitMs = since(t);
          if (msg.type === 'fatal') throw new Error(`search index thread failed: ${msg.message}`);
          emit(PATHS.searchIndex, msg.file);
          const each = (key: keyof PartTimings) => msg.parts.map((p) => p[key]).join(' + ');
          log(
            `  search index thread: ${since(started)} ms (${threads} thread${threads === 1 ? '' : 's'}: read ${each('readMs')} ms, add ${each('addMs')} ms, ` +
              `plan ${msg.planMs} ms, scatter ${each('scatterMs')} ms, finish ${msg.finishMs} ms); main thread waited ${waitMs} ms`,
          );
        },
      };
    },
  };
  return {
    start(layout) {
      if (count !== undefined) throw new Error('search thread: started twice');
      count = layout.lengths.length;
      started = performance.now();
      const bounds = splitDocs(layout.lengths, threads);
      workers.forEach(({ port }, part) => {
        const slice = layoutSlice(layout, bounds[part]!, bounds[part + 1]!);
        const transfer = [slice.part.buffer, slice.offsets.buffer, slice.lengths.buffer] as ArrayBuffer[];
        port.postMessage({ layout: slice, firstDoc: bounds[part]! } satisfies ToSearchWorker, transfer);
      });
    },
    writer,
    close() {
      for (const { worker, port } of workers) {
        port.close();
        void worker.terminate();
      }
    },
  };
}
