/**
 * Authentication: `Authorization: Bearer <key>` (SPEC.md § Authentication).
 *
 * - No header: 401 KEY_REQUIRED when keys are required; otherwise the request is anonymous and
 *   counted per client address.
 * - A header that is not exactly `Bearer <token>` (other scheme, empty token, extra parts):
 *   401 MALFORMED_AUTHORIZATION — a 401 like the other key failures (hono/bearer-auth would
 *   answer 400 here, which is why it is not used).
 * - Unknown / disabled / expired key: 401 with SPEC.md's messages.
 * A 401 is decided before the quota step, so it never uses anyone's allowance.
 * Keys are looked up in the store on every request (no cache): a key created or disabled by the
 * CLI takes effect on the next request.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError, apiError } from './errors.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { verifyKey } from '../store/keys.ts';

const BEARER = /^Bearer +([^\s]+) *$/i;
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="recipes"' };

function unauthorized(code: 'KEY_REQUIRED' | 'KEY_INVALID' | 'KEY_DISABLED' | 'KEY_EXPIRED' | 'MALFORMED_AUTHORIZATION'): ApiError {
  const e = apiError(code);
  return new ApiError(e.code, e.message, CHALLENGE);
}

export function defaultClientAddress(c: Context<AppEnv>): string {
  // node-server puts the IncomingMessage on c.env.incoming; absent under app.request() in tests.
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

export function auth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const clientAddress = deps.clientAddress ?? defaultClientAddress;
  return async (c, next) => {
    const header = c.req.header('Authorization');
    if (header === undefined) {
      if (deps.requireKey) throw unauthorized('KEY_REQUIRED');
      c.set('subject', `ip:${clientAddress(c)}`);
      return next();
    }
    const m = BEARER.exec(header);
    if (!m || m[1] === undefined) throw unauthorized('MALFORMED_AUTHORIZATION');
    const result = await verifyKey(deps.store, m[1], deps.now());
    switch (result.status) {
      case 'ok':
        c.set('subject', `account:${result.key.account}`);
        return next();
      case 'disabled':
        throw unauthorized('KEY_DISABLED');
      case 'expired':
        throw unauthorized('KEY_EXPIRED');
      default:
        throw unauthorized('KEY_INVALID');
    }
  };
}
