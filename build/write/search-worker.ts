/**
 * The search index thread (search-thread.ts): replays its docs of the search spill (each
 * recipe's language and field texts) in doc order into a SearchIndexBuilder and posts the
 * builder's part back, transferring its buffers.
 */
import { workerData } from 'node:worker_threads';
import { builderFromSpill, type FromSearchWorker, type SearchWorkerData } from './search-thread.ts';
import { partBuffers } from './search.ts';
import { threadPoster } from './thread.ts';

const data = workerData as SearchWorkerData;
const post = threadPoster<FromSearchWorker>(data);

// The main thread waits synchronously and never sees 'error' events: every failure is posted.
try {
  const { builder, readMs, addMs } = builderFromSpill(data.layout);
  const part = builder.part();
  post({ type: 'done', part, readMs, addMs }, partBuffers(part));
} catch (e) {
  post({ type: 'fatal', message: (e as Error).stack ?? String(e) });
}
