/** The offline client (dist/client/index.mjs): the API's answers from the dataset files, anywhere. */
export { openClient, Client, type UpdateCheck } from './client.ts';
export { ClientApiError } from './helpers.ts';
export { httpSource, type HttpSourceOptions } from './http-source.ts';
export { lazyHttpSource, type LazyHttpOptions, type LazySource, type TransferStats } from './lazy-http-source.ts';
export { memorySource, type MemoryFiles } from './memory-source.ts';
export { memoryDriver } from './cache/memory-driver.ts';
export type { CacheDriver, CacheEntryInfo } from './cache/driver.ts';
export { NeedBytes, type ByteRange, type Source } from './source.ts';
export { DatasetError } from '../data/dataset-error.ts';
export type * from './types.ts';
