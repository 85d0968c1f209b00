/**
 * One raw HTTP exchange for the fuzzer: send bytes, read one response, and know when it is
 * complete (Content-Length, chunked, HEAD) without waiting for the server to close. A request
 * the server is still waiting on after `waitMs` (a body it was promised) is half-closed, which
 * makes the parser give up and answer.
 */
import { connect } from 'node:net';
import { parseHead } from '../helpers/raw-http.ts';

export interface Exchange {
  /** The response's head and body, or undefined when none arrived. */
  status?: number;
  headers: Record<string, string>;
  body: string;
  raw: string;
}

/** Skips interim answers (100 Continue): the final response follows them. */
function finalPart(buf: Buffer): Buffer {
  const m = /^(?:HTTP\/1\.1 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/.exec(buf.toString('latin1'));
  return m ? buf.subarray(m[0].length) : buf;
}

function complete(all: Buffer, head: boolean): boolean {
  const buf = finalPart(all);
  const text = buf.toString('latin1');
  const h = parseHead(text);
  if (!h) return false;
  if (head || h.status === 204 || h.status === 304) return true;
  const body = buf.length - h.bodyAt;
  if (h.headers['content-length'] !== undefined) return body >= Number(h.headers['content-length']);
  if (/chunked/i.test(h.headers['transfer-encoding'] ?? '')) return text.endsWith('0\r\n\r\n');
  return false;
}

export function exchange(port: number, bytes: Buffer, head: boolean, waitMs = 3_000): Promise<Exchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      clearTimeout(halfClose);
      clearTimeout(giveUp);
      socket.destroy();
      const buf = finalPart(Buffer.concat(chunks));
      const raw = buf.toString('utf8');
      const h = parseHead(buf.toString('latin1'));
      resolve(h ? { status: h.status, headers: h.headers, body: buf.subarray(h.bodyAt).toString('utf8'), raw } : { headers: {}, body: '', raw });
    };
    const halfClose = setTimeout(() => socket.end(), waitMs);
    const giveUp = setTimeout(finish, waitMs * 2);
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      if (complete(Buffer.concat(chunks), head)) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
  });
}
