/**
 * Writing the dataset's files on a thread of its own (file-worker.ts): each file is written and
 * flushed to disk (as writeFileDurable does) and hashed there, so that the main thread goes on
 * feeding the part writers instead of waiting for the disk and hashing gigabytes of record
 * shards. The main thread stays synchronous, as with the other workers (thread.ts); at most
 * MAX_IN_FLIGHT bytes are handed over and not yet written (it waits beyond that; a bigger file
 * waits until it is the only one).
 */
import { receiveMessageOnPort } from 'node:worker_threads';
import { createSignal, startThread, waitFor, type ThreadLink } from './thread.ts';

/** Bytes handed to the thread and not yet written, at most (default 256 MB). */
const MAX_IN_FLIGHT = 1 << 28;

export type FileWorkerData = ThreadLink;

export type ToFileWorker = { file: string; bytes: Uint8Array };
export type FromFileWorker = { type: 'written'; file: string; bytes: number; sha256: string } | { type: 'fatal'; file: string; message: string };

export interface Written {
  file: string;
  bytes: number;
  sha256: string;
}

export interface FileThread {
  /**
   * Writes `bytes` to `file` durably and hashes them, on the thread. The bytes are taken over:
   * their buffer may be transferred (detached here), or shared (a SharedArrayBuffer: not to be
   * changed afterwards).
   */
  write(file: string, bytes: Uint8Array): void;
  /** Waits until every file handed over is written; returns them in the order they were handed over. Throws when one could not be. */
  finish(): Written[];
  /** Waits until the thread has nothing in hand (written or failed), without throwing: after an error, before removing what it wrote. */
  settle(): void;
  /** Stops the thread (always call, also after an error). */
  close(): void;
}

/** `maxInFlight`: bytes handed over and not yet written, at most (default MAX_IN_FLIGHT); a bigger file waits until nothing else is in flight. */
export function fileThread(options: { maxInFlight?: number } = {}): FileThread {
  const maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
  const signal = createSignal();
  const { worker, port } = startThread(new URL('./file-worker.ts', import.meta.url), {}, signal);
  const order: string[] = [];
  const done = new Map<string, Written>();
  const pending = new Map<string, number>(); // file → bytes in flight
  let inFlight = 0;
  let failure: Error | undefined;
  const drain = () => {
    for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
      const msg = m.message as FromFileWorker;
      inFlight -= pending.get(msg.file) ?? 0;
      pending.delete(msg.file);
      if (msg.type === 'fatal') failure ??= new Error(`writing ${msg.file} failed: ${msg.message}`);
      else done.set(msg.file, { file: msg.file, bytes: msg.bytes, sha256: msg.sha256 });
    }
  };
  const check = () => {
    drain();
    if (failure) throw failure;
  };
  return {
    write(file, bytes) {
      check();
      if (pending.has(file) || done.has(file)) throw new Error(`${file} written twice`);
      // Room for it, or nothing else in flight: a file bigger than the limit (the search index of
      // a large dataset) goes alone rather than waiting forever.
      const room = () => failure !== undefined || inFlight === 0 || inFlight + bytes.byteLength <= maxInFlight;
      if (!room()) waitFor(signal, drain, room);
      check();
      // Shared memory (the search index, written by several threads) goes over as it is, shared; a
      // view of the whole of an ArrayBuffer of its own is transferred; anything else is copied first.
      const shared = bytes.buffer instanceof SharedArrayBuffer;
      const own = shared || (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) ? bytes : bytes.slice();
      order.push(file);
      pending.set(file, bytes.byteLength);
      inFlight += bytes.byteLength;
      port.postMessage({ file, bytes: own } satisfies ToFileWorker, shared ? [] : [own.buffer as ArrayBuffer]);
    },
    finish() {
      waitFor(signal, drain, () => failure !== undefined || pending.size === 0);
      check();
      return order.map((f) => done.get(f)!);
    },
    settle() {
      waitFor(signal, drain, () => pending.size === 0);
    },
    close() {
      port.close();
      void worker.terminate();
    },
  };
}
