/**
 * The key and quota store: one interface, small drivers (memory.ts, lmdb.ts; Redis later), one
 * contract suite (test/runtime/store/store-contract.ts) that every driver passes.
 *
 * Methods are async so that a networked driver fits; the lmdb driver does its work synchronously
 * inside them (no await between a read and the write that depends on it).
 */

/** A stored API key. The secret itself is never stored: only its SHA-256 (hex). */
export interface KeyRecord {
  /** Public id, e.g. 'key_3kTq0aZx9Lw'. */
  id: string;
  /** SHA-256 of the secret, lowercase hex (64 chars). */
  digest: string;
  account: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** ISO 8601 UTC; absent = never expires. */
  expiresAt?: string;
  /** ISO 8601 UTC; present = disabled (revoked). */
  disabledAt?: string;
}

export interface QuotaResult {
  /** True when this call was admitted (and counted). */
  allowed: boolean;
  /** The subject's count for that day after this call (a denied call leaves it unchanged). */
  used: number;
  limit: number;
}

export interface Store {
  /** Insert or replace a key (by id); the digest index follows. */
  putKey(record: KeyRecord): Promise<void>;
  getKey(id: string): Promise<KeyRecord | undefined>;
  getKeyByDigest(digest: string): Promise<KeyRecord | undefined>;
  /** All keys, ordered by id. */
  listKeys(): Promise<KeyRecord[]>;
  /** Mark a key disabled at `at` (ISO); false when no such id. Disabling twice keeps the first time. */
  disableKey(id: string, at: string): Promise<boolean>;
  /**
   * One atomic step, also across processes sharing the store: when the subject's counter for
   * `day` (UTC yyyy-mm-dd) is below `limit`, increment it and admit; otherwise deny without
   * incrementing.
   */
  consumeQuota(subject: string, day: string, limit: number): Promise<QuotaResult>;
  /**
   * The read-only peek: the subject's count for `day` (0 when none), as a concurrent consumeQuota
   * would see it (also across processes). Never counts, never creates a counter. GET /usage reads
   * the caller's allowance with it; tests and operators too.
   */
  quotaUsed(subject: string, day: string): Promise<number>;
  /** Drop counters of days strictly before `day`; returns how many were dropped. */
  pruneQuotas(beforeDay: string): Promise<number>;
  close(): Promise<void>;
}

/** UTC day (yyyy-mm-dd) of an epoch-milliseconds instant. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** Whole seconds from `epochMs` to the next UTC midnight (1..86400). */
export function secondsToUtcMidnight(epochMs: number): number {
  const day = 86_400_000;
  const next = Math.floor(epochMs / day) * day + day;
  return Math.max(1, Math.ceil((next - epochMs) / 1000));
}
