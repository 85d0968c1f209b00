/** What the typed helpers of Client share: query strings from parameters, and the error of a non-2xx answer. */
import type { Params } from './types.ts';

/** `?a=1&b=x,y` from parameters (lists comma-separated, undefined left out), '' when there are none. */
export function queryString(params: Params): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/** A typed helper's answer that was not 2xx: the API's status, code and message. */
export class ClientApiError extends Error {
  override name = 'ClientApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
