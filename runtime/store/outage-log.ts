/**
 * A store whose backing service is down logs once per change of state, not once per refused
 * request (issue 20, item 5: a Redis outage logged a 1.6 KB stack per 503, 15 MB per server).
 * Wraps any Store: the first StoreUnavailableError logs `store unavailable` with its cause's
 * message; the next call that succeeds logs `store available again` with how long it lasted and
 * how many calls were refused in between. Each refused error is marked `reported`, so the HTTP
 * layer does not log it again per request.
 */
import { StoreUnavailableError } from '../errors.ts';
import type { Store } from './types.ts';

/** The HTTP layer's Logger, by shape (the store imports no HTTP code). */
export interface OutageLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function withOutageLog(store: Store, logger: OutageLogger, now: () => number = Date.now): Store {
  let downSince: number | undefined;
  let refused = 0;
  const wrap =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await call(...args);
        if (downSince !== undefined) {
          logger.info('store available again', { downMs: now() - downSince, refused });
          downSince = undefined;
          refused = 0;
        }
        return result;
      } catch (e) {
        if (e instanceof StoreUnavailableError) {
          e.reported = true;
          refused++;
          if (downSince === undefined) {
            downSince = now();
            const cause = e.cause instanceof Error ? e.cause.message : String(e.cause);
            logger.error('store unavailable: refusing requests with 503 until it is back', { cause });
          }
        }
        throw e;
      }
    };
  return {
    putKey: wrap(store.putKey.bind(store)),
    getKey: wrap(store.getKey.bind(store)),
    getKeyByDigest: wrap(store.getKeyByDigest.bind(store)),
    listKeys: wrap(store.listKeys.bind(store)),
    disableKey: wrap(store.disableKey.bind(store)),
    consumeQuota: wrap(store.consumeQuota.bind(store)),
    quotaUsed: wrap(store.quotaUsed.bind(store)),
    pruneQuotas: wrap(store.pruneQuotas.bind(store)),
    close: () => store.close(),
  };
}
