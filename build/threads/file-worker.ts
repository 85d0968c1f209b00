/**
 * The file thread (file-thread.ts): writes each file it is handed durably (flushed, as
 * writeFileDurable does), hashes it, and posts back its size and SHA-256, in the order handed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import type { FileWorkerData, FromFileWorker, ToFileWorker } from './file-thread.ts';
import { threadPoster } from './thread.ts';

const data = workerData as FileWorkerData;
const post = threadPoster<FromFileWorker>(data);

// The main thread waits synchronously and never sees 'error' events: every failure is posted.
data.port.on('message', ({ file, bytes }: ToFileWorker) => {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes, { flush: true });
    post({ type: 'written', file, bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') });
  } catch (e) {
    post({ type: 'fatal', file, message: (e as Error).message });
  }
});
