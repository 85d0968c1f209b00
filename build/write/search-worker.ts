/**
 * The search index thread (search-thread.ts): replays the search spill (each recipe's language
 * and field texts) in doc order into a SearchIndexBuilder and posts the encoded file back,
 * transferring its bytes.
 */
import { workerData } from 'node:worker_threads';
import type { FromSearchWorker, SearchWorkerData } from './search-thread.ts';
import { SearchIndexBuilder } from './search.ts';
import { replaySearchTexts } from './spill.ts';
import { threadPoster } from './thread.ts';

const data = workerData as SearchWorkerData;
const { layout } = data;
const post = threadPoster<FromSearchWorker>(data);

// The main thread waits synchronously and never sees 'error' events: every failure is posted.
try {
  const builder = new SearchIndexBuilder(layout.lengths.length);
  let addMs = 0;
  let t = performance.now();
  replaySearchTexts(layout, (doc, language, texts) => {
    const a = performance.now();
    builder.addTexts(doc, language, texts);
    addMs += performance.now() - a;
  });
  const readMs = performance.now() - t - addMs;
  t = performance.now();
  const bytes = builder.encode();
  const encodeMs = performance.now() - t;
  // encode()'s buffer is its own ArrayBuffer (Buffer.alloc, not pooled): hand it over, no copy.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const out = whole ? bytes : Uint8Array.from(bytes);
  post({ type: 'done', bytes: out, readMs: Math.round(readMs), addMs: Math.round(addMs), encodeMs: Math.round(encodeMs) }, [out.buffer as ArrayBuffer]);
} catch (e) {
  post({ type: 'fatal', message: (e as Error).stack ?? String(e) });
}
