/**
 * The HTTP side of the error catalogue (runtime/errors.ts): one renderer for every error
 * response, `{"error":{"message":..., "code":...}}`. SPEC.md promises `{error:{message}}`; the
 * code is an extra field clients may ignore.
 */
import { ApiError, apiError, ERRORS, type ErrorCode } from '../errors.ts';

export { ApiError, apiError, ERRORS, type ErrorCode };

export interface RenderedError {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** Render an ApiError; anything else is the 500 of the catalogue (the caller logs it). */
export function renderError(err: unknown): RenderedError {
  const e = err instanceof ApiError ? err : apiError('INTERNAL');
  return {
    status: e.status,
    body: JSON.stringify({ error: { message: e.message, code: e.code } }),
    headers: { 'Content-Type': 'application/json', ...e.headers },
  };
}
