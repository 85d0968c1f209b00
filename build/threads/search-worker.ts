/**
 * A search index thread (search-thread.ts): waits for the search spill of its range of docs,
 * replays it in doc order into a SearchIndexBuilder of those docs, then, as worker 0, plans the
 * file from every worker's summary, scatters its postings into it, completes it and posts it back
 * (shared memory, not copied); as any other worker, sends its summary to worker 0 and scatters its
 * postings into the file worker 0 hands back.
 */
import { workerData } from 'node:worker_threads';
import { followSearchPart, leadSearchPart, searchPeer, type FromSearchWorker, type SearchWorkerData, type ToSearchWorker } from './search-thread.ts';
import { threadPoster } from './thread.ts';

const data = workerData as SearchWorkerData;
const post = threadPoster<FromSearchWorker>(data);

// Started early, it waits for its layout. The main thread waits synchronously and never sees 'error' events: every failure is posted.
data.port.once('message', ({ layout, firstDoc }: ToSearchWorker) => {
  try {
    const peers = data.peers.map((port) => searchPeer(port, data.peerSignal));
    if (data.part === 0) post(leadSearchPart(layout, peers));
    else followSearchPart(layout, firstDoc, peers[0]!);
  } catch (e) {
    post({ type: 'fatal', message: (e as Error).stack ?? String(e) });
  }
  data.port.close();
  for (const port of data.peers) port.close();
});
