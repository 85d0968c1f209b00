/**
 * Key administration over the state store (RECIPES_STATE, default ./state; or the Redis at
 * RECIPES_REDIS_URL when that is set, like the server):
 *   npm run keys -- create --account <name> [--expires <ISO 8601>] [--json]
 *   npm run keys -- disable <id>
 *   npm run keys -- list [--json]
 * The secret is printed once, at creation; only its SHA-256 is stored. A running server sees
 * changes on its next request (it reads the same LMDB store, no cache). Bad usage exits 2.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLmdbStore } from './store/lmdb.ts';
import { createRedisStore } from './store/redis.ts';
import { createKey, disableKey, listKeys, ACCOUNT_PATTERN } from './store/keys.ts';

const USAGE = `Usage:
  npm run keys -- create --account <name> [--expires <ISO 8601>] [--json]
  npm run keys -- disable <id>
  npm run keys -- list [--json]
The store is the directory RECIPES_STATE (default ./state), or the Redis at RECIPES_REDIS_URL when set.`;

class UsageError extends Error {}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        account: { type: 'string' },
        expires: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** ISO 8601 with a date and, if a time is given, an explicit zone (Z or ±hh:mm). */
function parseExpiry(raw: string, now: number): Date {
  const ok = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(raw);
  const t = Date.parse(raw.length === 10 ? `${raw}T00:00:00Z` : raw);
  if (!ok || Number.isNaN(t)) {
    throw new UsageError(`--expires must be an ISO 8601 date or date-time with a zone, such as 2026-01-31 or 2026-01-31T12:00:00Z; got '${raw}'.`);
  }
  // A past expiry is allowed (it makes an already-expired key, useful for testing clients).
  if (t <= now) console.error(`Note: ${raw} is in the past; the key is created already expired.`);
  return new Date(t);
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const [command, ...rest] = positionals;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const now = (): number => Date.now();
  const redisUrl = process.env.RECIPES_REDIS_URL;
  const open = async () =>
    redisUrl ? createRedisStore({ url: redisUrl, now }) : createLmdbStore({ dir: path.resolve(process.env.RECIPES_STATE || './state'), now });

  switch (command) {
    case 'create': {
      if (rest.length > 0) throw new UsageError(`create takes no positional arguments; got '${rest.join(' ')}'.`);
      if (!values.account) throw new UsageError('create needs --account <name>.');
      if (!ACCOUNT_PATTERN.test(values.account)) {
        throw new UsageError(`--account must be 1 to 64 letters, digits, '.', '_', '@' or '-'; got '${values.account.slice(0, 100)}'.`);
      }
      const expiresAt = values.expires === undefined ? undefined : parseExpiry(values.expires, now());
      const store = await open();
      try {
        const k = await createKey(store, { account: values.account, expiresAt, now });
        if (values.json) {
          console.log(JSON.stringify({ id: k.id, key: k.key, account: k.account, expiresAt: k.expiresAt }));
        } else {
          console.log(`Created ${k.id} for account ${k.account}${k.expiresAt ? `, expires ${k.expiresAt}` : ''}.`);
          console.log(`Key (shown once, store it now): ${k.key}`);
        }
      } finally {
        await store.close();
      }
      return 0;
    }
    case 'disable': {
      if (values.account !== undefined || values.expires !== undefined || values.json) throw new UsageError('disable takes only a key id.');
      if (rest.length !== 1 || !rest[0]) throw new UsageError('disable needs exactly one key id, such as key_AbC123xyz.');
      const store = await open();
      try {
        if (!(await disableKey(store, rest[0], now))) {
          console.error(`No key with id '${rest[0].slice(0, 100)}'. List them with: npm run keys -- list`);
          return 1;
        }
        console.log(`Disabled ${rest[0]}.`);
      } finally {
        await store.close();
      }
      return 0;
    }
    case 'list': {
      if (rest.length > 0 || values.account !== undefined || values.expires !== undefined) throw new UsageError('list takes only --json.');
      const store = await open();
      try {
        const keys = await listKeys(store, now());
        if (values.json) console.log(JSON.stringify(keys));
        else if (keys.length === 0) console.log('No keys.');
        else {
          for (const k of keys) {
            console.log([k.id, k.account, k.status, `created ${k.createdAt}`, k.expiresAt ? `expires ${k.expiresAt}` : 'no expiry'].join('\t'));
          }
        }
      } finally {
        await store.close();
      }
      return 0;
    }
    case undefined:
      throw new UsageError('Missing command.');
    default:
      throw new UsageError(`Unknown command '${command.slice(0, 100)}'.`);
  }
}

// No top-level await: the bundle is CommonJS (build/bundle-options.mjs).
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError) {
      console.error(`${e.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      const cause = e instanceof Error && e.cause instanceof Error ? ` (${e.cause.message})` : '';
      console.error(e instanceof Error ? e.message + cause : String(e));
      process.exitCode = 1;
    }
  },
);
