/**
 * A client that stops reading: Node has no timeout for it (its socket timeout counts reads too,
 * and such a client may keep sending). Every `intervalMs`, a connection whose unsent answer bytes
 * have not moved for `stallMs` is destroyed, which frees what it held.
 */
import type { Socket } from 'node:net';
import type { Connection } from './pipeline.ts';

export interface WatchdogOptions {
  stallMs: number;
  intervalMs: number;
  /** Called once per connection cut (for a count in the logs). */
  onCut?: (socket: Socket) => void;
}

interface Progress {
  /** Bytes handed to the kernel so far. */
  sent: number;
  since: number;
}

export function startWatchdog(connections: Map<Socket, Connection>, options: WatchdogOptions): () => void {
  const progress = new WeakMap<Socket, Progress>();
  const timer = setInterval(() => {
    const now = Date.now();
    for (const socket of connections.keys()) {
      if (socket.destroyed || socket.writableLength === 0) {
        progress.delete(socket);
        continue;
      }
      const sent = socket.bytesWritten - socket.writableLength;
      const last = progress.get(socket);
      if (last === undefined || sent > last.sent) {
        progress.set(socket, { sent, since: now });
      } else if (now - last.since >= options.stallMs) {
        options.onCut?.(socket);
        socket.destroy();
      }
    }
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
