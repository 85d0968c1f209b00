/**
 * The only impure entry: reads the environment, opens the dataset and the state store, listens,
 * and shuts down cleanly on SIGTERM/SIGINT.
 *
 * | variable             | default                     | meaning                                   |
 * |----------------------|-----------------------------|-------------------------------------------|
 * | PORT                 | 8080                        | listen port                               |
 * | HOST                 | 0.0.0.0                     | listen address                            |
 * | RECIPES_DATA         | newest build under dist/data| compiled dataset directory                |
 * | RECIPES_STATE        | ./state                     | key and quota store directory (LMDB)      |
 * | RECIPES_REDIS_URL    | unset                       | set: keys and quotas in this Redis, shared|
 * |                      |                             | by replicas (RECIPES_STATE then unused)   |
 * | RECIPES_REQUIRE_KEY  | false                       | true: requests without a key get 401      |
 * | RECIPES_DAILY_QUOTA  | 500                         | requests per account per UTC day          |
 * | RECIPES_MAX_CONNECTIONS | 4096                     | open connections; more are closed at once |
 * | RECIPES_VERIFY       | background                  | dataset SHA-256 check: `background` (1 s  |
 * |                      |                             | after listening; on a mismatch every req. |
 * |                      |                             | gets 503 and the process exits 1), `full` |
 * |                      |                             | (before listening), `size` (never)        |
 * | RECIPES_CORS_ORIGINS | * (any origin)              | comma list of origins browsers may call   |
 * |                      |                             | from (echoed, with Vary: Origin)          |
 *
 * Sizes and the magic and version of every file but the record shards are always checked before
 * listening; indexes are read and checked on first use, each shard on its first read (FORMAT.md § 11).
 */
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { resolveDataDir } from './data/manifest.ts';
import { openDataset, verifyDataset, VERIFY_MODES, type VerifyMode } from './data/open.ts';
import { createEngine } from './query/create-engine.ts';
import type { Engine } from './query/engine.ts';
import { createApp } from './http/create-app.ts';
import { parseCorsOrigins } from './http/cors.ts';
import { consoleLogger } from './http/context.ts';
import { requestErrorResponse } from './serve/client-errors.ts';
import { createHardenedServer, DEFAULT_LIMITS } from './serve/create-server.ts';
import { createLmdbStore } from './store/lmdb.ts';
import { withOutageLog } from './store/outage-log.ts';
import { createRedisStore, redactUrl } from './store/redis.ts';
import type { Store } from './store/types.ts';

/**
 * RECIPES_VERIFY=background starts this long after listening: its reads and hashing would otherwise
 * share the CPU with the first requests (a readiness probe, a load balancer's first traffic).
 */
const VERIFY_DELAY_MS = 1_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function envInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    fail(`${name} must be a whole number from ${min} to ${max}; got '${raw}'.`);
  }
  return Number(raw);
}

function envBool(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  return fail(`${name} must be true or false; got '${raw}'.`);
}

const port = envInt('PORT', 8080, 0, 65535);
const hostname = process.env.HOST || '0.0.0.0';
const requireKey = envBool('RECIPES_REQUIRE_KEY', false);
const dailyQuota = envInt('RECIPES_DAILY_QUOTA', 500, 1, 1_000_000_000);
const stateDir = path.resolve(process.env.RECIPES_STATE || './state');
const redisUrl = process.env.RECIPES_REDIS_URL || undefined;
const maxConnections = envInt('RECIPES_MAX_CONNECTIONS', DEFAULT_LIMITS.maxConnections, 1, 1_000_000);
const verifyRaw = process.env.RECIPES_VERIFY || 'background';
if (!(VERIFY_MODES as readonly string[]).includes(verifyRaw)) fail(`RECIPES_VERIFY must be one of ${VERIFY_MODES.join(', ')}; got '${verifyRaw}'.`);
const verify = verifyRaw as VerifyMode;
const corsOrigins = parseCorsOrigins(process.env.RECIPES_CORS_ORIGINS, fail);

let engine: Engine;
let dataDir: string;
let dataset: ReturnType<typeof openDataset>;
try {
  dataDir = process.env.RECIPES_DATA ? path.resolve(process.env.RECIPES_DATA) : resolveDataDir(path.resolve('dist/data'));
  dataset = openDataset(dataDir, { verify });
  engine = createEngine(dataset);
} catch (e) {
  // DatasetError messages say what to run; no stack for those.
  const message = e instanceof Error ? e.message : String(e);
  fail(/npm run build/.test(message) ? message : `Cannot load the dataset: ${message}. Run \`npm run build\` to compile it.`);
}

/** Everything after the dataset: the state store (Redis is awaited), the app, the listener. */
async function main(): Promise<void> {
  const now = (): number => Date.now();
  // Redis: fail closed while it is down (503 STORE_UNAVAILABLE), but refuse to start without it.
  let store: Store;
  try {
    store = redisUrl
      ? await createRedisStore({
          url: redisUrl,
          now,
          onConnectionChange: (event, error) =>
            (event === 'lost' ? consoleLogger.error : consoleLogger.info)(`redis connection ${event}`, error ? { error: error.message } : {}),
        })
      : createLmdbStore({ dir: stateDir, now });
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  const app = createApp({ engine, store: withOutageLog(store, consoleLogger), now, requireKey, dailyQuota, corsOrigins, logger: consoleLogger });

  let draining = false;
  /** Set when the background verification finds a corrupt file: every request then gets 503. */
  let corrupt: string | undefined;
  const corruptResponse = () =>
    new Response(JSON.stringify({ error: { message: 'The service is temporarily unavailable. Please try again shortly.', code: 'DATASET_CORRUPT' } }), {
      status: 503,
      headers: { 'Content-Type': 'application/json', Connection: 'close' },
    });
  let cut = 0;
  // While draining, runtime/serve/drain.ts makes every answer close its connection.
  const listener = getRequestListener((req, env) => (corrupt !== undefined ? corruptResponse() : app.fetch(req, env)), {
    hostname,
    errorHandler: requestErrorResponse,
  });
  const hardened = createHardenedServer(listener, { ...DEFAULT_LIMITS, maxConnections }, () => {
    // Once per second at most: a flood of slow readers must not become a flood of log lines.
    if (cut++ === 0) setTimeout(() => {
      consoleLogger.info('cut connections that stopped reading', { count: cut });
      cut = 0;
    }, 1_000).unref();
  });
  const server = hardened.server;
  server.listen(port, hostname, () => {
    const address = server.address();
    const info = typeof address === 'object' && address !== null ? address : { address: String(address), port };
    consoleLogger.info('listening', {
      address: `${info.address}:${info.port}`,
      dataset: dataDir,
      datasetVersion: engine.info.datasetVersion,
      formatVersion: engine.info.formatVersion,
      recipes: engine.info.recipeCount,
      state: redisUrl ? redactUrl(redisUrl) : stateDir,
      requireKey,
      dailyQuota,
      maxConnections,
      verify,
      // Since the process started (Node's time origin): the cold start an operator sees.
      startMs: Math.round(performance.now()),
      // Set by dist/server.cjs (build/launcher.cjs): whether V8's code cache for the bundle was used.
      codeCache: (globalThis as Record<symbol, unknown>)[Symbol.for('recipe-db.codeCache')],
    });
    if (verify === 'background') setTimeout(() => void verifyInBackground(), VERIFY_DELAY_MS);
  });

  /**
   * SHA-256 of every dataset file, after the server listens (RECIPES_VERIFY=background). A mismatch
   * is never served silently: it is logged with the file, every request (health checks included)
   * gets 503 from then on, and the process drains and exits 1 so that a supervisor notices.
   */
  async function verifyInBackground(): Promise<void> {
    const started = performance.now();
    try {
      await verifyDataset(dataset);
      consoleLogger.info('dataset verified', { dataset: dataDir, ms: Math.round(performance.now() - started) });
    } catch (e) {
      corrupt = e instanceof Error ? e.message : String(e);
      consoleLogger.error('dataset verification failed: refusing requests and exiting', { dataset: dataDir, error: corrupt });
      shutdown('dataset verification failed', 1);
    }
  }

  function shutdown(signal: string, exitCode = 0): void {
    if (draining) return;
    draining = true;
    process.exitCode = exitCode;
    consoleLogger.info('shutting down', { signal });
    hardened.drain(() => {
      void store.close().finally(() => process.exit(exitCode));
    });
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((e: unknown) => fail(`Cannot start: ${e instanceof Error ? e.stack ?? e.message : String(e)}`));
