/**
 * API keys over a Store. A secret is `rdb_live_` + 32 random bytes (base64url): the greppable
 * prefix lets secret scanners find leaks; 256 random bits need no slow KDF, so only a SHA-256 of
 * the secret is stored and the secret is shown once, at creation.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyRecord, Store } from './types.ts';

export const KEY_PREFIX = 'rdb_live_';
/** base64url of 32 bytes is 43 characters. */
const SECRET_PATTERN = /^rdb_live_[A-Za-z0-9_-]{43}$/;

export type KeyStatus = 'invalid' | 'disabled' | 'expired';
export type VerifyResult = { status: 'ok'; key: KeyRecord } | { status: KeyStatus };

export interface CreatedKey {
  id: string;
  /** The secret: returned once, never stored. */
  key: string;
  account: string;
  expiresAt: string | null;
  createdAt: string;
}

export function digestOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Account names: 1–64 of letters, digits, '.', '_', '@', '-' (so they print and log safely). */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;

export async function createKey(
  store: Store,
  opts: { account: string; expiresAt?: Date; now: () => number },
): Promise<CreatedKey> {
  if (!ACCOUNT_PATTERN.test(opts.account)) {
    throw new Error(`Account names are 1 to 64 letters, digits, '.', '_', '@' or '-'; got '${opts.account.slice(0, 100)}'.`);
  }
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  const id = 'key_' + randomBytes(9).toString('base64url');
  const record: KeyRecord = {
    id,
    digest: digestOf(key),
    account: opts.account,
    createdAt: new Date(opts.now()).toISOString(),
  };
  if (opts.expiresAt) record.expiresAt = opts.expiresAt.toISOString();
  await store.putKey(record);
  return { id, key, account: opts.account, expiresAt: record.expiresAt ?? null, createdAt: record.createdAt };
}

/** Look a presented secret up; statuses as SPEC.md § Authentication. Disabled wins over expired. */
export async function verifyKey(store: Store, secret: string, now: number): Promise<VerifyResult> {
  if (!SECRET_PATTERN.test(secret)) return { status: 'invalid' };
  const digest = digestOf(secret);
  const record = await store.getKeyByDigest(digest);
  if (!record) return { status: 'invalid' };
  const a = Buffer.from(record.digest, 'hex');
  const b = Buffer.from(digest, 'hex');
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { status: 'invalid' };
  if (record.disabledAt !== undefined) return { status: 'disabled' };
  if (record.expiresAt !== undefined && Date.parse(record.expiresAt) <= now) return { status: 'expired' };
  return { status: 'ok', key: record };
}

export async function disableKey(store: Store, id: string, now: () => number): Promise<boolean> {
  return store.disableKey(id, new Date(now()).toISOString());
}

/** Key listing without digests (never secrets: those are not stored at all). */
export interface KeySummary {
  id: string;
  account: string;
  createdAt: string;
  expiresAt: string | null;
  disabledAt: string | null;
  status: 'active' | 'disabled' | 'expired';
}

export async function listKeys(store: Store, now: number): Promise<KeySummary[]> {
  return (await store.listKeys()).map((r) => ({
    id: r.id,
    account: r.account,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt ?? null,
    disabledAt: r.disabledAt ?? null,
    status:
      r.disabledAt !== undefined
        ? 'disabled'
        : r.expiresAt !== undefined && Date.parse(r.expiresAt) <= now
          ? 'expired'
          : 'active',
  }));
}
