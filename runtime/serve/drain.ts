/**
 * Graceful shutdown without resets (issue 20, item 3). `http.Server.close()` closes every idle
 * keep-alive socket at once, and a client that was just reusing one gets ECONNRESET. Instead:
 * stop listening; every answer not yet started, and every later one, carries `Connection: close`
 * (Node then closes the socket after it); a connection is closed early only after it has been
 * silent, between requests, for `idleMs`. Whatever remains after `timeoutMs` is cut.
 */
import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { isIdle, type Connection } from './pipeline.ts';

export interface DrainOptions {
  /** A connection silent this long between requests is closed (Node's own socket timeout). */
  idleMs: number;
  timeoutMs: number;
}

/** Stops accepting and closes every connection as it falls idle; `onClosed` once all are gone. */
export function drain(server: Server, connections: Map<Socket, Connection>, options: DrainOptions, onClosed: () => void): void {
  for (const conn of connections.values()) {
    if (conn.current !== undefined && !conn.current.headersSent) conn.current.shouldKeepAlive = false;
  }
  // Sockets that finish a keep-alive answer from now on (one started before) idle out quickly too.
  server.keepAliveTimeout = options.idleMs;
  for (const conn of connections.values()) {
    // Node destroys a socket whose timeout fires with no request on it; any byte re-arms it.
    if (isIdle(conn)) conn.socket.setTimeout(options.idleMs);
  }
  const force = setTimeout(() => server.closeAllConnections(), options.timeoutMs);
  force.unref();
  // net.Server's close, not http.Server's: the latter also destroys idle keep-alive sockets now.
  // On a server that has already stopped accepting (stopAccepting), it only waits for the connections.
  NetServer.prototype.close.call(server, () => {
    clearTimeout(force);
    onClosed();
  });
}
