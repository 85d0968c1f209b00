/**
 * The Node HTTP server around the app's request listener, hardened (issue 20): one request at a
 * time per connection with bounded unsent bytes (pipeline.ts), a cut for clients that stop
 * reading (watchdog.ts), a cap on connections, parser errors and CONNECT answered in the error
 * envelope (client-errors.ts), and a drain without resets (drain.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { apiError, renderError } from '../http/errors.ts';
import { errorHeaders, onCheckExpectation, onClientError, onConnect } from './client-errors.ts';
import { drain } from './drain.ts';
import { sequentialPerConnection, track, type Connection, type RequestListener } from './pipeline.ts';
import { startWatchdog } from './watchdog.ts';

export interface ServerLimits {
  /** Connections beyond this are closed as they arrive (RECIPES_MAX_CONNECTIONS). */
  maxConnections: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** How often Node checks the two timeouts above (must be set when the server is created). */
  connectionsCheckMs: number;
  /** Node's default: 16 KB for the request line and headers together. */
  maxHeaderBytes: number;
  maxUnflushedBytes: number;
  maxQueuedRequests: number;
  /** A connection with more requests than this waiting is closed. */
  maxWaitingRequests: number;
  /** Pipelined requests (others wait behind them on their connection) handled at once, server-wide. */
  maxPipelinedActive: number;
  /** A client that reads none of an answer for this long is cut. */
  sendStallMs: number;
  drainIdleMs: number;
  drainTimeoutMs: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxConnections: 4_096,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  connectionsCheckMs: 1_000,
  maxHeaderBytes: 16_384,
  maxUnflushedBytes: 64 * 1024,
  maxQueuedRequests: 16,
  maxWaitingRequests: 256,
  maxPipelinedActive: 4,
  sendStallMs: 10_000,
  drainIdleMs: 1_000,
  drainTimeoutMs: 10_000,
};

export interface HardenedServer {
  server: Server;
  /** Live connections (tests and logs). */
  connections: ReadonlyMap<Socket, Connection>;
  /**
   * Stop accepting only: open connections are served as before, keep-alive included (a cluster
   * worker's first step of a drain, runtime/serve/cluster.ts). Idempotent.
   */
  stopAccepting(): void;
  /** Stop accepting and close connections without resets; `onClosed` when the last is gone. */
  drain(onClosed: () => void): void;
}

export function createHardenedServer(listener: RequestListener, limits: ServerLimits, onCut?: (socket: Socket) => void): HardenedServer {
  const connections = new Map<Socket, Connection>();
  let draining = false;
  const guarded: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    // Node's requireHostHeader would answer an empty 400; this one is in the envelope.
    if (req.httpVersionMajor === 1 && req.httpVersionMinor >= 1 && req.headers.host === undefined) {
      const r = renderError(apiError('HOST_REQUIRED'));
      res.shouldKeepAlive = false;
      res.writeHead(r.status, errorHeaders(r));
      res.end(r.body);
      return;
    }
    listener(req, res);
  };
  const server = createServer(
    {
      connectionsCheckingInterval: limits.connectionsCheckMs,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      maxHeaderSize: limits.maxHeaderBytes,
      requireHostHeader: false,
    },
    sequentialPerConnection(
      guarded,
      { maxUnflushedBytes: limits.maxUnflushedBytes, maxQueued: limits.maxQueuedRequests, maxWaiting: limits.maxWaitingRequests, maxPipelinedActive: limits.maxPipelinedActive },
      connections,
      (res) => {
        if (draining) res.shouldKeepAlive = false;
      },
    ),
  );
  server.maxConnections = limits.maxConnections;
  server.on('connection', (socket: Socket) => track(socket, connections));
  server.on('clientError', onClientError({ maxHeaderBytes: limits.maxHeaderBytes, requestTimeoutMs: limits.requestTimeoutMs }));
  server.on('connect', onConnect);
  server.on('checkExpectation', onCheckExpectation);
  const stopWatchdog = startWatchdog(connections, { stallMs: limits.sendStallMs, intervalMs: Math.min(1_000, Math.max(50, limits.sendStallMs / 4)), onCut });
  return {
    server,
    connections,
    stopAccepting() {
      // net.Server's close, not http.Server's: the latter also destroys idle keep-alive sockets now.
      if (server.listening) NetServer.prototype.close.call(server);
    },
    drain(onClosed) {
      if (draining) return;
      draining = true;
      drain(server, connections, { idleMs: limits.drainIdleMs, timeoutMs: limits.drainTimeoutMs }, () => {
        stopWatchdog();
        onClosed();
      });
    },
  };
}
