/**
 * Redis store (ioredis): several replicas share keys and quotas through one Redis.
 *
 * Layout (all names under `keyPrefix`, default 'recipes:'):
 *   key:<id>                  hash   the KeyRecord's fields
 *   digest:<sha256>           string → id
 *   keys                      set    every id (listKeys reads it; never KEYS/SCAN over the db)
 *   quota:<day>:<subject>     string the counter; EXPIREAT the end of <day> + QUOTA_SLACK_S
 *   quota-day:<day>           set    subjects counted that day (so pruning needs no SCAN)
 *   quota-days                zset   days with counters, scored by epoch day number
 *
 * Every multi-step operation is one Lua script (ioredis `defineCommand`: EVALSHA, EVAL on
 * NOSCRIPT), so it is atomic across replicas. Scripts name some keys they derive (the old digest,
 * a day's counters), so this driver targets one Redis (with replicas or Sentinel), not Cluster.
 *
 * Which clock says "today": the caller's. The Store interface takes `day` from the app's injected
 * clock, which also computes the RateLimit reset and key expiry, so one request sees one clock.
 * Replicas therefore need synced clocks (NTP): a replica a few seconds off counts a few requests
 * around midnight UTC into the neighbouring day, nothing worse. Redis TIME is used only as a
 * floor where a wrong app clock would fail open: a counter never expires sooner than
 * QUOTA_SLACK_S after it is created (an app clock days behind Redis would otherwise write counters
 * that expire at once, i.e. unlimited requests), and automatic pruning never drops days after
 * Redis's yesterday (an app clock running ahead cannot wipe today's counters).
 *
 * Failure (fail closed): the connection never queues commands while down, never retries a command,
 * and times out after COMMAND_TIMEOUT_MS, so with Redis down or hung a request fails in
 * milliseconds with StoreUnavailableError (HTTP 503 STORE_UNAVAILABLE), never unmetered.
 * ioredis keeps reconnecting in the background; requests succeed again as soon as Redis is back.
 * A quota step that timed out may still have run in Redis: that request is refused yet counted,
 * which errs towards fewer requests, never more.
 * Persistence is Redis's job: run it with `appendonly yes` + `appendfsync everysec`, or a restart
 * hands every exhausted account a fresh allowance (NOTES.md § Keys and quotas).
 */
import type { Redis } from 'ioredis';
import { StoreUnavailableError } from '../errors.ts';
import type { KeyRecord, QuotaResult, Store } from './types.ts';

/** Connect and per-command timeout (ms). 500 suits a Redis on the same network; keep it under 1 s. */
export const CONNECT_TIMEOUT_MS = 500;
export const COMMAND_TIMEOUT_MS = 500;
/** A day's counters live until this long after the day ends (1 day: today and yesterday stay readable). */
export const QUOTA_SLACK_S = 86_400;
const DAY_MS = 86_400_000;

export interface RedisStoreOptions {
  /** redis://[user:password@]host:port[/db] (RECIPES_REDIS_URL); the store opens and closes it. */
  url?: string;
  /** Or an ioredis client the caller owns (close() leaves it open); it must not set keyPrefix. */
  client?: Redis;
  /** Injected clock (epoch ms): decides when old day counters are pruned. */
  now: () => number;
  /** Namespace for every Redis key (default 'recipes:'); tests use one per store. */
  keyPrefix?: string;
  /** Counters older than yesterday are pruned at most this often (default 1 h). */
  pruneIntervalMs?: number;
  /** Connection lost / restored, once per transition (default: silent; each failed request is logged by the app). */
  onConnectionChange?: (event: 'lost' | 'restored', error?: Error) => void;
}

// KEYS: counter, day set, days zset. ARGV: limit, day end (epoch s), slack s, subject, day, day number.
const CONSUME = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then
  local at = math.max(tonumber(ARGV[2]), tonumber(redis.call('TIME')[1])) + tonumber(ARGV[3])
  redis.call('EXPIREAT', KEYS[1], at)
  redis.call('SADD', KEYS[2], ARGV[4])
  redis.call('EXPIREAT', KEYS[2], at)
  redis.call('ZADD', KEYS[3], ARGV[6], ARGV[5])
end
if c > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  return {0, c - 1}
end
return {1, c}`;

// KEYS: days zset. ARGV: prefix, cutoff day number (exclusive), '1' = cap the cutoff at Redis's yesterday.
const PRUNE = `
local cutoff = tonumber(ARGV[2])
if ARGV[3] == '1' then
  cutoff = math.min(cutoff, math.floor(tonumber(redis.call('TIME')[1]) / 86400) - 1)
end
local n = 0
for _, day in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. cutoff)) do
  local set = ARGV[1] .. 'quota-day:' .. day
  for _, s in ipairs(redis.call('SMEMBERS', set)) do
    n = n + redis.call('DEL', ARGV[1] .. 'quota:' .. day .. ':' .. s)
  end
  redis.call('DEL', set)
  redis.call('ZREM', KEYS[1], day)
end
return n`;

// KEYS: key hash, ids set, new digest. ARGV: prefix, id, digest, field, value, ...
const PUT_KEY = `
local old = redis.call('HGET', KEYS[1], 'digest')
if old and old ~= ARGV[3] then redis.call('DEL', ARGV[1] .. 'digest:' .. old) end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('SET', KEYS[3], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[2])`;

// KEYS: digest. ARGV: prefix.
const KEY_BY_DIGEST = `
local id = redis.call('GET', KEYS[1])
if not id then return {} end
return redis.call('HGETALL', ARGV[1] .. 'key:' .. id)`;

// KEYS: key hash. ARGV: disabledAt.
const DISABLE_KEY = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSETNX', KEYS[1], 'disabledAt', ARGV[1])
return 1`;

interface Scripts {
  rdbConsume(counter: string, daySet: string, days: string, ...argv: (string | number)[]): Promise<[number, number]>;
  rdbPrune(days: string, prefix: string, cutoff: number, capByRedis: '0' | '1'): Promise<number>;
  rdbPutKey(hash: string, ids: string, digest: string, ...argv: string[]): Promise<unknown>;
  rdbKeyByDigest(digest: string, prefix: string): Promise<string[]>;
  rdbDisableKey(hash: string, at: string): Promise<number>;
}

/** Redis replies that mean a bug here (500), not an unavailable Redis (503). */
const BUG_REPLY = /^(ERR|WRONGTYPE|NOSCRIPT)\b/;

function unavailable(e: unknown): unknown {
  const reply = e instanceof Error && e.name === 'ReplyError';
  return reply && BUG_REPLY.test(e.message) ? e : new StoreUnavailableError(e);
}

function dayNumber(day: string): number {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(t)) throw new Error(`A quota day must be yyyy-mm-dd; got '${day.slice(0, 40)}'.`);
  return t / DAY_MS;
}

function toRecord(flat: Record<string, string>): KeyRecord | undefined {
  if (flat.id === undefined || flat.digest === undefined || flat.account === undefined || flat.createdAt === undefined) return undefined;
  const r: KeyRecord = { id: flat.id, digest: flat.digest, account: flat.account, createdAt: flat.createdAt };
  if (flat.expiresAt !== undefined) r.expiresAt = flat.expiresAt;
  if (flat.disabledAt !== undefined) r.disabledAt = flat.disabledAt;
  return r;
}

function pairs(list: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) out[list[i]!] = list[i + 1]!;
  return out;
}

/** Opens (or adopts) the connection and waits until Redis answers; rejects when it cannot. */
export async function createRedisStore(options: RedisStoreOptions): Promise<Store> {
  const owned = options.client === undefined;
  if (!options.client && !options.url) throw new Error('createRedisStore needs a url or a client.');
  // Loaded here, not at module load: a server without Redis never pays for ioredis (~300 ms of
  // a cold start on a small machine).
  const client =
    options.client ??
    new (await import('ioredis')).Redis(options.url!, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
  if (client.options.keyPrefix) throw new Error('Pass keyPrefix to createRedisStore, not to the ioredis client: scripts build key names themselves.');
  // Connection transitions after startup (a failed startup is the rejection below instead).
  let started = !owned;
  let healthy = true;
  let lastError: Error | undefined;
  client.on('error', (e: Error) => {
    lastError = e;
    if (started && healthy) options.onConnectionChange?.('lost', e);
    healthy = false;
  });
  client.on('ready', () => {
    if (started && !healthy) options.onConnectionChange?.('restored');
    healthy = true;
  });
  if (owned) {
    try {
      await client.connect();
    } catch (e) {
      client.disconnect();
      throw new Error(`Cannot reach Redis at ${redactUrl(options.url!)}: ${(lastError ?? (e as Error)).message}`);
    }
    started = true;
  }

  client.defineCommand('rdbConsume', { numberOfKeys: 3, lua: CONSUME });
  client.defineCommand('rdbPrune', { numberOfKeys: 1, lua: PRUNE });
  client.defineCommand('rdbPutKey', { numberOfKeys: 3, lua: PUT_KEY });
  client.defineCommand('rdbKeyByDigest', { numberOfKeys: 1, lua: KEY_BY_DIGEST });
  client.defineCommand('rdbDisableKey', { numberOfKeys: 1, lua: DISABLE_KEY });
  const scripts = client as unknown as Scripts;

  const p = options.keyPrefix ?? 'recipes:';
  const ids = `${p}keys`;
  const days = `${p}quota-days`;
  const keyHash = (id: string): string => `${p}key:${id}`;
  const counter = (subject: string, day: string): string => `${p}quota:${day}:${subject}`;
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (e) {
      throw unavailable(e);
    }
  };
  const pruneEvery = options.pruneIntervalMs ?? 3_600_000;
  let lastPrune = Number.NEGATIVE_INFINITY;

  return {
    putKey: (record) =>
      guard(async () => {
        const fields = Object.entries(record).flatMap(([k, v]) => (v === undefined ? [] : [k, String(v)]));
        await scripts.rdbPutKey(keyHash(record.id), ids, `${p}digest:${record.digest}`, p, record.id, record.digest, ...fields);
      }),
    getKey: (id) => guard(async () => toRecord(await client.hgetall(keyHash(id)))),
    getKeyByDigest: (digest) => guard(async () => toRecord(pairs(await scripts.rdbKeyByDigest(`${p}digest:${digest}`, p)))),
    listKeys: () =>
      guard(async () => {
        const all = await client.smembers(ids);
        const pipe = client.pipeline();
        for (const id of all) pipe.hgetall(keyHash(id));
        const replies = (await pipe.exec()) ?? [];
        const records: KeyRecord[] = [];
        for (const [err, flat] of replies) {
          if (err) throw err;
          const r = toRecord(flat as Record<string, string>);
          if (r) records.push(r);
        }
        return records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      }),
    disableKey: (id, at) => guard(async () => (await scripts.rdbDisableKey(keyHash(id), at)) === 1),
    consumeQuota(subject, day, limit) {
      const n = dayNumber(day);
      return guard(async (): Promise<QuotaResult> => {
        const now = options.now();
        if (now - lastPrune >= pruneEvery) {
          lastPrune = now;
          // Counters older than yesterday (by the app's clock, capped by Redis's): EXPIREAT
          // normally got there first, so this mostly tidies the day index.
          await scripts.rdbPrune(days, p, Math.floor(now / DAY_MS) - 1, '1');
        }
        const dayEnd = (n + 1) * 86_400;
        const [allowed, used] = await scripts.rdbConsume(counter(subject, day), `${p}quota-day:${day}`, days, limit, dayEnd, QUOTA_SLACK_S, subject, day, n);
        return { allowed: allowed === 1, used, limit };
      });
    },
    quotaUsed: (subject, day) => guard(async () => Number((await client.get(counter(subject, day))) ?? 0)),
    pruneQuotas(beforeDay) {
      const n = dayNumber(beforeDay);
      return guard(() => scripts.rdbPrune(days, p, n, '0'));
    },
    async close() {
      if (!owned) return;
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable RECIPES_REDIS_URL)';
  }
}
