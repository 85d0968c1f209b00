/**
 * Types shared by the HTTP layer: the dependencies createApp takes and the per-request variables
 * the middlewares set.
 */
import type { Context } from 'hono';
import type { Engine } from '../query/engine.ts';
import type { Store } from '../store/types.ts';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface AppDeps {
  engine: Engine;
  store: Store;
  /** The one clock (epoch ms): key expiry, quota day, reset times. */
  now: () => number;
  /** true: requests without a key get 401. false: they count per client address. */
  requireKey: boolean;
  /** Requests per account (or per address, without a key) per UTC day. */
  dailyQuota: number;
  logger?: Logger;
  /** Origins allowed to call from a browser (CORS); undefined: any origin (`*`). */
  corsOrigins?: readonly string[];
  /** Client address for keyless quota; default: the node-server socket's remote address. */
  clientAddress?: (c: Context<AppEnv>) => string;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    /** Who the request is counted against: 'account:<name>' or 'ip:<address>'. */
    subject: string;
  };
}

/** JSON lines on stderr. */
export const consoleLogger: Logger = {
  info: (message, fields) => console.error(JSON.stringify({ level: 'info', message, ...fields })),
  error: (message, fields) => console.error(JSON.stringify({ level: 'error', message, ...fields })),
};
