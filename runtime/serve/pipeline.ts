/**
 * One request at a time per connection, and the next one only once the last answer has (mostly)
 * left the process. Node parses every pipelined request in a chunk before any asynchronous answer
 * is written, so a client that pipelines and never reads made the server buffer every answer
 * (issue 20: 200 such connections, 6.1 GB). Here a connection holds at most one answer in
 * memory beyond `maxUnflushedBytes`, stops being read while more than `maxQueued` parsed
 * requests wait for their turn, and is closed when a burst leaves more than `maxWaiting` waiting.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface PipelineLimits {
  /** The next request waits while more than this many bytes of earlier answers are unsent. */
  maxUnflushedBytes: number;
  /** Parsed requests waiting on one connection beyond this stop its reading. */
  maxQueued: number;
  /** Beyond this many (a burst read before reading stopped), the connection is closed. */
  maxWaiting: number;
  /**
   * Requests handled while others from the same connection wait (pipelining) run at most this
   * many at once, server-wide: the kernel takes megabytes of answers from a client that never
   * reads, and producing them must not starve everyone else of the CPU.
   */
  maxPipelinedActive: number;
}

/** What the server knows about one connection (also read by the watchdog and the drain). */
export interface Connection {
  readonly socket: Socket;
  /** Parsed requests not yet handed to the app, oldest first. */
  readonly queue: Array<[IncomingMessage, ServerResponse]>;
  /** The answer being produced or sent, if any. */
  current: ServerResponse | undefined;
  /** Waiting for the socket's 'drain' before the next request. */
  waitingDrain: boolean;
  /** We paused the socket's reading (the queue was full). */
  paused: boolean;
  /** Waiting for a pipelined slot (its next request has others behind it). */
  waitingSlot: boolean;
}

/**
 * Node's own flag for "paused until the send buffer drains". It must be set with pause():
 * without it, Node resumes the socket as soon as a request body is dumped. Node also pauses the
 * parser when it sees it, and clears it (resuming both) when the socket drains; the next request
 * over the bound sets it again, so at most one more chunk is parsed per drain.
 */
type NodeSocket = Socket & { _paused?: boolean; parser?: { pause(): void; resume(): void } | null };

function pauseReading(socket: NodeSocket): void {
  socket._paused = true;
  socket.pause();
}

function resumeReading(socket: NodeSocket): void {
  if (socket._paused !== true) return;
  socket._paused = false;
  socket.parser?.resume();
  socket.resume();
}

export function isIdle(conn: Connection): boolean {
  return conn.current === undefined && conn.queue.length === 0;
}

/**
 * Wraps `listener` so that each connection's requests reach it one by one. `connections` gets
 * every live connection; `beforeDispatch` may adjust a response before the app writes it.
 */
export function sequentialPerConnection(
  listener: RequestListener,
  limits: PipelineLimits,
  connections: Map<Socket, Connection>,
  beforeDispatch: (res: ServerResponse) => void,
): RequestListener {
  let pipelinedActive = 0;
  const waitingSlot: Connection[] = [];
  const releaseSlot = (): void => {
    pipelinedActive--;
    while (waitingSlot.length > 0 && pipelinedActive < limits.maxPipelinedActive) {
      const next = waitingSlot.shift()!;
      next.waitingSlot = false;
      pump(next);
    }
  };

  const pump = (conn: Connection): void => {
    while (conn.current === undefined && !conn.waitingDrain && !conn.waitingSlot && conn.queue.length > 0) {
      if (conn.socket.destroyed) {
        conn.queue.length = 0;
        return;
      }
      if (conn.socket.writableLength > limits.maxUnflushedBytes) {
        conn.waitingDrain = true;
        conn.socket.once('drain', () => {
          conn.waitingDrain = false;
          pump(conn);
        });
        return;
      }
      const pipelined = conn.queue.length > 1;
      if (pipelined && pipelinedActive >= limits.maxPipelinedActive) {
        conn.waitingSlot = true;
        waitingSlot.push(conn);
        return;
      }
      const [req, res] = conn.queue.shift()!;
      if (conn.paused && conn.queue.length <= limits.maxQueued) {
        conn.paused = false;
        resumeReading(conn.socket);
      }
      conn.current = res;
      let done = false;
      const finished = (): void => {
        if (done) return;
        done = true;
        conn.current = undefined;
        pump(conn);
      };
      res.once('finish', finished);
      res.once('close', finished);
      if (pipelined) {
        pipelinedActive++;
        let released = false;
        // Once the app has written the whole answer (prefinish), even if the client never reads it.
        const release = (): void => {
          if (released) return;
          released = true;
          releaseSlot();
        };
        res.once('prefinish', release);
        res.once('finish', release);
        res.once('close', release);
      }
      beforeDispatch(res);
      listener(req, res);
    }
  };

  return (req, res) => {
    const conn = connections.get(req.socket) ?? track(req.socket, connections);
    conn.queue.push([req, res]);
    if (conn.queue.length > limits.maxWaiting) {
      // Thousands of requests in one burst: no client needs that many answers in flight.
      conn.socket.destroy();
      return;
    }
    // Again on every request over the bound: Node's own drain handler may have resumed reading.
    if (conn.queue.length > limits.maxQueued) {
      conn.paused = true;
      pauseReading(conn.socket);
    }
    pump(conn);
  };
}

/** Registers a new connection (the server's 'connection' event); forgotten when it closes. */
export function track(socket: Socket, connections: Map<Socket, Connection>): Connection {
  const conn: Connection = { socket, queue: [], current: undefined, waitingDrain: false, paused: false, waitingSlot: false };
  connections.set(socket, conn);
  socket.once('close', () => {
    conn.queue.length = 0;
    connections.delete(socket);
  });
  return conn;
}
