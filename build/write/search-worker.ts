/**
 * The search index thread (search-thread.ts): waits for the search spill's layout, replays the
 * spill (each recipe's language and field texts) in doc order into a SearchIndexBuilder, encodes
 * the file and posts it back, transferring its buffer.
 */
import { workerData } from 'node:worker_threads';
import { searchFileFromSpill, type FromSearchWorker, type SearchWorkerData, type ToSearchWorker } from './search-thread.ts';
import { threadPoster } from './thread.ts';

const data = workerData as SearchWorkerData;
const post = threadPoster<FromSearchWorker>(data);

// Started early, it waits for the layout. The main thread waits synchronously and never sees 'error' events: every failure is posted.
data.port.once('message', ({ layout }: ToSearchWorker) => {
  try {
    const done = searchFileFromSpill(layout);
    post(done, [done.file.buffer as ArrayBuffer]);
  } catch (e) {
    post({ type: 'fatal', message: (e as Error).stack ?? String(e) });
  }
  data.port.close();
});
