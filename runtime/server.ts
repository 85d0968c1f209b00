/**
 * The only impure entry: reads the environment, opens the dataset and the state store, listens,
 * and shuts down cleanly on SIGTERM/SIGINT.
 *
 * | variable             | default                     | meaning                                   |
 * |----------------------|-----------------------------|-------------------------------------------|
 * | PORT                 | 8080                        | listen port                               |
 * | HOST                 | 0.0.0.0                     | listen address                            |
 * | RECIPES_DATA         | dist/data (its `current`)   | a dataset directory, or a root of versions|
 * |                      |                             | whose `current` is followed (hot swap)    |
 * | RECIPES_WORKERS      | CPUs available              | server processes on the port (node:cluster)|
 * |                      |                             | 1: one process, no cluster                |
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
 * | RECIPES_SERVE_CLIENT | false                       | true: serve /client/ (dist/client) and    |
 * |                      |                             | /data/ (the dataset files, Range), no key |
 *
 * Sizes and the magic and version of every file but the record shards are always checked before
 * listening; indexes are read and checked on first use, each shard on its first read (FORMAT.md § 11).
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { CURRENT_POINTER_FILE, MANIFEST_FILE } from './format/constants.ts';
import { resolveDataDir } from './data/manifest.ts';
import { openDataset, verifyDataset, VERIFY_MODES, type VerifyMode } from './data/open.ts';
import { createEngine } from './query/create-engine.ts';
import { createApp } from './http/create-app.ts';
import { parseCorsOrigins } from './http/cors.ts';
import { publishedDataRoot, publishFiles } from './http/publish.ts';
import { consoleLogger } from './http/context.ts';
import { requestErrorResponse } from './serve/client-errors.ts';
import { createHardenedServer, DEFAULT_LIMITS } from './serve/create-server.ts';
import { isClusterMessage, runPrimary, VERIFY_WORKER_ENV, type ClusterMessage } from './serve/cluster.ts';
import { DatasetHolder } from './serve/dataset-holder.ts';
import { watchPointer } from './serve/watch-current.ts';
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

const workers = envInt('RECIPES_WORKERS', os.availableParallelism(), 1, 1_024);

/**
 * RECIPES_DATA names a dataset directory (one holding manifest.json) or a root of versions like
 * dist/data, whose `current` pointer is followed: then a change of it is served without a restart.
 */
const dataRoot = (() => {
  const given = process.env.RECIPES_DATA ? path.resolve(process.env.RECIPES_DATA) : undefined;
  if (given === undefined) return path.resolve('dist/data');
  return fs.existsSync(path.join(given, MANIFEST_FILE)) ? undefined : given;
})();
const locateData = (): string => (dataRoot !== undefined ? resolveDataDir(dataRoot) : path.resolve(process.env.RECIPES_DATA!));

/** Opens the dataset to serve at start; exits 1 with a message that says what to run if it cannot. */
function openInitialDataset(): { dataDir: string; dataset: ReturnType<typeof openDataset> } {
  try {
    const dataDir = locateData();
    return { dataDir, dataset: openDataset(dataDir, { verify }) };
  } catch (e) {
    // DatasetError messages say what to run; no stack for those.
    const message = e instanceof Error ? e.message : String(e);
    return fail(/npm run build/.test(message) ? message : `Cannot load the dataset: ${message}. Run \`npm run build\` to compile it.`);
  }
}

/** Everything after the dataset: the state store (Redis is awaited), the app, the listener. */
async function main(): Promise<void> {
  const { dataDir, dataset } = openInitialDataset();
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
  const appStore = withOutageLog(store, consoleLogger);
  // One engine and app per dataset version: a swap replaces both, the request path stays as it was.
  const holder = new DatasetHolder<unknown>(dataset, {
    makeHandler: (ds) => createApp({ engine: createEngine(ds), store: appStore, now, requireKey, dailyQuota, corsOrigins, logger: consoleLogger }).fetch,
    verify,
    logger: consoleLogger,
  });
  const publish = envBool('RECIPES_SERVE_CLIENT', false) ? publishFiles({ dataRoot: publishedDataRoot(dataDir), clientDir: path.resolve('dist/client') }) : undefined;

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
  // Without publishing, a request goes straight to the current dataset's app (no await per request).
  const serve: (req: Request, env: unknown) => Response | Promise<Response> =
    publish === undefined
      ? (req, env) => (corrupt !== undefined ? corruptResponse() : holder.fetch(req, env))
      : async (req, env) => (corrupt !== undefined ? corruptResponse() : ((await publish(req)) ?? holder.fetch(req, env)));
  const listener = getRequestListener(serve, {
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
      datasetVersion: dataset.manifest.datasetVersion,
      formatVersion: dataset.manifest.formatVersion,
      recipes: dataset.recipeCount,
      pid: process.pid,
      worker: cluster.isWorker ? cluster.worker?.id : undefined,
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
    // With workers, one of them hashes (the files are the same); a failure reaches all through the primary.
    const verifier = !cluster.isWorker || process.env[VERIFY_WORKER_ENV] === '1';
    if (verify === 'background' && verifier) setTimeout(() => void verifyInBackground(), VERIFY_DELAY_MS);
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
      const error = e instanceof Error ? e.message : String(e);
      if (cluster.isWorker) process.send?.({ type: 'corrupt', error } satisfies ClusterMessage);
      refuseCorrupt(error);
    }
  }

  function refuseCorrupt(error: string): void {
    corrupt = error;
    consoleLogger.error('dataset verification failed: refusing requests and exiting', { dataset: dataDir, error });
    shutdown('dataset verification failed', 1);
  }
  process.on('message', (m: unknown) => {
    if (!isClusterMessage(m)) return;
    if (m.type === 'corrupt') refuseCorrupt(m.error);
    else if (m.type === 'stop-accepting') {
      // The primary's first step of a stop (serve/cluster.ts): the drain's signal follows once every worker has replied.
      hardened.stopAccepting();
      process.send?.({ type: 'not-accepting' } satisfies ClusterMessage);
    }
  });

  /** SIGHUP or a new `current`: serve the version it names, if it opens and verifies. */
  const swap = (why: string): void => {
    if (draining || corrupt !== undefined) return;
    let dir: string;
    try {
      dir = locateData();
    } catch (e) {
      consoleLogger.error('dataset swap refused: still serving the previous version', { why, error: e instanceof Error ? e.message : String(e) });
      return;
    }
    consoleLogger.info('dataset swap requested', { why, dataset: dir });
    void holder.swapTo(dir);
  };
  process.on('SIGHUP', () => swap('SIGHUP'));
  if (dataRoot !== undefined) watchPointer(path.join(dataRoot, CURRENT_POINTER_FILE), () => swap('current changed'));

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

if (workers > 1 && cluster.isPrimary) runPrimary(workers, consoleLogger);
else main().catch((e: unknown) => fail(`Cannot start: ${e instanceof Error ? e.stack ?? e.message : String(e)}`));
