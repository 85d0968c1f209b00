/**
 * Worker threads that the (synchronous) compiler waits for without an event loop: each worker
 * runs a TypeScript module (tsx's loader registered first), talks over its own MessagePort, and
 * bumps a shared counter after every message it posts, so the main thread can sleep in
 * Atomics.wait and take messages with receiveMessageOnPort. Used by normalise-pool.ts (pass 1)
 * and search-thread.ts (pass 2; its workers also wait for each other so).
 */
import { MessageChannel, Worker, type MessagePort, type Transferable } from 'node:worker_threads';

/** What every worker finds in its workerData beside its own fields. */
export interface ThreadLink {
  port: MessagePort;
  signal: SharedArrayBuffer;
}

/** The counter workers bump; one may be shared by several workers. */
export function createSignal(): SharedArrayBuffer {
  return new SharedArrayBuffer(4);
}

/**
 * Starts the TypeScript module `entry` on a worker with workerData `data` + its ThreadLink
 * (`transfer`: what `data` holds that goes over, not copied: MessagePorts to other workers);
 * returns the worker and the main thread's end of the port.
 */
export function startThread(entry: URL, data: object, signal: SharedArrayBuffer, transfer: Transferable[] = []): { worker: Worker; port: MessagePort } {
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  const { port1, port2 } = new MessageChannel();
  const link: ThreadLink = { port: port2, signal };
  const worker = new Worker(source, { eval: true, workerData: { ...data, ...link }, transferList: [port2, ...transfer] });
  return { worker, port: port1 };
}

/** Blocks until `ready()` holds: `drain()` (take what has arrived) before each check, sleeping until a worker signals (or a second passes). Workers wait for each other the same way. */
export function waitFor(signal: SharedArrayBuffer, drain: () => void, ready: () => boolean): void {
  const view = new Int32Array(signal);
  for (;;) {
    const seen = Atomics.load(view, 0);
    drain();
    if (ready()) return;
    Atomics.wait(view, 0, seen, 1000);
  }
}

/** The worker side: posts a message to the main thread (or, with a link of two workers' own, to another worker) and wakes it. */
export function threadPoster<M>(link: ThreadLink): (msg: M, transfer?: Transferable[]) => void {
  const view = new Int32Array(link.signal);
  return (msg, transfer = []) => {
    link.port.postMessage(msg, transfer);
    Atomics.add(view, 0, 1);
    Atomics.notify(view, 0);
  };
}
