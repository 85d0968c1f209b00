/**
 * The daily allowance (SPEC.md § Limits): `dailyQuota` requests per account per UTC day, shared
 * by all the account's keys; without a key (when keys are optional), per client address.
 *
 * What counts: every request that passed authentication on a non-exempt path, whatever its
 * outcome (200, 400 for a bad parameter, 404, 405): each one made the server do work. A 401
 * counts for nobody (auth runs first), a 429 does not increment, and /healthz, /docs and
 * /openapi.json are exempt (they never reach this middleware).
 *
 * Headers on every counted response (draft-ietf-httpapi-ratelimit-headers):
 *   RateLimit-Policy: 500;w=86400
 *   RateLimit: limit=500, remaining=N, reset=SECONDS   (SECONDS to the next UTC midnight)
 * and Retry-After: SECONDS on a 429.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError, apiError } from './errors.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { secondsToUtcMidnight, utcDay } from '../store/types.ts';

/** The allowance headers for `used` of `limit` at `now` (also sent by GET /usage). */
export function rateLimitHeaders(limit: number, used: number, now: number): Record<string, string> {
  return {
    'RateLimit-Policy': `${limit};w=86400`,
    RateLimit: `limit=${limit}, remaining=${Math.max(0, limit - used)}, reset=${secondsToUtcMidnight(now)}`,
  };
}

export function quota(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const now = deps.now();
    const result = await deps.store.consumeQuota(c.get('subject'), utcDay(now), deps.dailyQuota);
    const reset = secondsToUtcMidnight(now);
    const headers = rateLimitHeaders(deps.dailyQuota, result.used, now);
    if (!result.allowed) {
      const e = apiError('RATE_LIMITED');
      throw new ApiError(e.code, e.message, { ...headers, 'Retry-After': String(reset) });
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
