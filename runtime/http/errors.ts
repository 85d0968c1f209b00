/**
 * The HTTP side of the error catalogue (runtime/errors.ts): one renderer for every error
 * response, `{"error":{"message":..., "code":...}}`. SPEC.md promises `{error:{message}}`; the
 * code is an extra field clients may ignore.
 */
import { ApiError, apiError, ERRORS, isDatasetFault, type ErrorCode } from '../errors.ts';

export { ApiError, apiError, ERRORS, isDatasetFault, type ErrorCode };

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
