/** Raw HTTP over a loopback socket: what fetch cannot send (bad bytes, pipelining, no reading). */
import { connect, type Socket } from 'node:net';

/** Sends `bytes`, resolves with everything received until the server closes (or `timeoutMs`). */
export function rawExchange(port: number, bytes: string | Buffer, timeoutMs = 5_000): Promise<{ text: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, timeoutMs);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('utf8'), timedOut });
    });
  });
}

export interface ParsedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The head of the first response in `text`, and where its body starts; undefined when incomplete. */
export function parseHead(text: string): { status: number; headers: Record<string, string>; bodyAt: number } | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '');
  if (!m) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(m[1]), headers, bodyAt: end + 4 };
}

/** The first response in `text` (headers lower-cased); undefined when there is none. */
export function parseResponse(text: string): ParsedResponse | undefined {
  const h = parseHead(text);
  return h && { status: h.status, headers: h.headers, body: text.slice(h.bodyAt) };
}

/** A socket that sends and never reads (its receive buffer fills, then the server's send buffer). */
export function nonReader(port: number, bytes: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(bytes);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}
