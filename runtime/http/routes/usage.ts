/**
 * GET /usage: the caller's allowance today, `{limit, used, remaining, resetAt}`, for the key's
 * account (or, without a key while keys are optional, the client address). It authenticates like
 * any API route but is not metered: reading the allowance must not spend it, and a caller at 429
 * can still ask when it resets. It peeks at the counter (Store.quotaUsed) and never writes.
 */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { rateLimitHeaders } from '../quota.ts';
import { rawQuery } from '../json.ts';
import { decodeQuery, parseNoParams } from '../../query/params.ts';
import { utcDay } from '../../store/types.ts';

const DAY_MS = 86_400_000;

export function registerUsage(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/usage', async (c) => {
    parseNoParams(decodeQuery(rawQuery(c.req.url)));
    const now = deps.now();
    const limit = deps.dailyQuota;
    const used = await deps.store.quotaUsed(c.get('subject'), utcDay(now));
    const resetAt = new Date(Math.floor(now / DAY_MS) * DAY_MS + DAY_MS);
    return c.json(
      { limit, used, remaining: Math.max(0, limit - used), resetAt: resetAt.toISOString() },
      200,
      rateLimitHeaders(limit, used, now),
    );
  });
}
