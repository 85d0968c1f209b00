/**
 * The cache driver of browsers and web workers: one IndexedDB database with two object stores,
 * `bytes` (key → Uint8Array) and `meta` (key → {size, time}), so that listing the entries for
 * eviction never reads their bytes. Each call is one transaction. The few IndexedDB types used
 * are declared here: the project compiles without the DOM library, and the client bundle must
 * not assume IndexedDB exists (indexedDbFactory() says whether it does).
 */
import type { CacheDriver, CacheEntryInfo } from './driver.ts';

/** The database's name (one per origin; every dataset location shares it, keyed by URL). */
export const IDB_NAME = 'recipe-db-client-cache';
const IDB_VERSION = 1;
const BYTES = 'bytes';
const META = 'meta';

interface Req<T> {
  readonly result: T;
  readonly error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface Store {
  get(key: string): Req<unknown>;
  put(value: unknown, key: string): Req<unknown>;
  delete(key: string): Req<unknown>;
  getAll(): Req<unknown[]>;
  getAllKeys(): Req<unknown[]>;
}
interface Tx {
  objectStore(name: string): Store;
  readonly error: unknown;
  oncomplete: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}
interface Db {
  transaction(stores: string[], mode: 'readonly' | 'readwrite'): Tx;
  createObjectStore(name: string): unknown;
  readonly objectStoreNames: { contains(name: string): boolean };
  close(): void;
  onversionchange: (() => void) | null;
}
interface OpenReq extends Req<Db> {
  onupgradeneeded: (() => void) | null;
}
export interface IdbFactory {
  open(name: string, version: number): OpenReq;
}

/** The platform's IndexedDB, or undefined where there is none (Node). */
export function indexedDbFactory(): IdbFactory | undefined {
  return (globalThis as { indexedDB?: IdbFactory }).indexedDB;
}

const settled = (tx: Tx) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

export function indexedDbDriver(factory: IdbFactory, name = IDB_NAME): CacheDriver {
  let db: Promise<Db> | undefined;
  const open = () =>
    (db ??= new Promise<Db>((resolve, reject) => {
      const req = factory.open(name, IDB_VERSION);
      req.onupgradeneeded = () => {
        for (const s of [BYTES, META]) if (!req.result.objectStoreNames.contains(s)) req.result.createObjectStore(s);
      };
      req.onsuccess = () => {
        // Another page upgrading the database: let it, and open again on the next call.
        req.result.onversionchange = () => {
          req.result.close();
          db = undefined;
        };
        resolve(req.result);
      };
      req.onerror = () => {
        db = undefined;
        reject(req.error ?? new Error('IndexedDB could not be opened'));
      };
    }));
  const tx = async (mode: 'readonly' | 'readwrite') => (await open()).transaction([BYTES, META], mode);

  return {
    async getMany(keys) {
      const t = await tx('readonly');
      const reqs = keys.map((k) => t.objectStore(BYTES).get(k));
      await settled(t);
      return reqs.map((r) => (r.result instanceof Uint8Array ? r.result : undefined));
    },
    async putMany(entries, time) {
      const t = await tx('readwrite');
      for (const { key, bytes } of entries) {
        // A copy: a view is stored with its whole underlying buffer otherwise.
        t.objectStore(BYTES).put(bytes.slice(), key);
        t.objectStore(META).put({ size: bytes.length, time }, key);
      }
      await settled(t);
    },
    async deleteMany(keys) {
      const t = await tx('readwrite');
      for (const k of keys) {
        t.objectStore(BYTES).delete(k);
        t.objectStore(META).delete(k);
      }
      await settled(t);
    },
    async list() {
      const t = await tx('readonly');
      const keys = t.objectStore(META).getAllKeys();
      const values = t.objectStore(META).getAll();
      await settled(t);
      const out: CacheEntryInfo[] = [];
      keys.result.forEach((key, i) => {
        const v = values.result[i] as { size?: unknown; time?: unknown } | undefined;
        if (typeof key === 'string' && typeof v?.size === 'number' && typeof v.time === 'number') out.push({ key, size: v.size, time: v.time });
      });
      return out;
    },
  };
}
