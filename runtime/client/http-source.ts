/**
 * httpSource(url): a dataset on any static HTTP host. This first version gets whole files (each
 * checked against the manifest's SHA-256 by openClient); lazy mode by Range requests fits behind
 * the same Source through byteSource and fetchRanges (README.md in this folder).
 */
import { lazyHttpSource, type LazyHttpOptions } from './lazy-http-source.ts';
import type { Source } from './source.ts';

export interface HttpSourceOptions extends LazyHttpOptions {
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Read the record shards and the search index by Range requests, as queries need them (lazy-http-source.ts). Default false. */
  lazy?: boolean;
}

export function httpSource(url: string | URL, options: HttpSourceOptions = {}): Source {
  if (options.lazy) return lazyHttpSource(url, options);
  const base = new URL(url);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const get = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return {
    location: base.href,
    async get(p) {
      const target = new URL(p, base);
      let res: Response;
      try {
        res = await get(target);
      } catch (e) {
        throw new Error(`${target.href} could not be fetched: ${(e as Error).message}`);
      }
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`${target.href} answered HTTP ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}
