/**
 * The one renderer of error responses, `{"error":{"message":..., "code":...}}` (SPEC.md promises
 * `{error:{message}}`; the code is an extra field clients may ignore). Shared by the server
 * (runtime/http/errors.ts re-exports it) and the offline client, so both answer the same bytes.
 */
import { ApiError, apiError, isDatasetFault } from '../errors.ts';

export interface RenderedError {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** Render an ApiError; corrupt dataset bytes are 503 DATASET_CORRUPT; anything else is the 500 of the catalogue (the caller logs it). */
export function renderError(err: unknown): RenderedError {
  const e = err instanceof ApiError ? err : isDatasetFault(err) ? apiError('DATASET_CORRUPT') : apiError('INTERNAL');
  return {
    status: e.status,
    body: JSON.stringify({ error: { message: e.message, code: e.code } }),
    headers: { 'Content-Type': 'application/json', ...e.headers },
  };
}
