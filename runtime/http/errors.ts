/**
 * The HTTP side of the error catalogue (runtime/errors.ts) and its one renderer,
 * `{"error":{"message":..., "code":...}}`, which lives in runtime/api/error-body.ts so that the
 * offline client renders the same bytes.
 */
import { ApiError, apiError, ERRORS, isDatasetFault, type ErrorCode } from '../errors.ts';

export { ApiError, apiError, ERRORS, isDatasetFault, type ErrorCode };
export { renderError, type RenderedError } from '../api/error-body.ts';
