/**
 * Requests Node's HTTP parser refuses before any route sees them (raw UTF-8 or a space in the
 * URL, a NUL in a header, oversized headers, a slow request) and CONNECT: answered in the API's
 * one error envelope with a content type, instead of Node's empty 400/431 or no answer at all.
 *
 * Raw UTF-8 in the URL (`curl 'localhost:8080/search?query=红烧肉'`) cannot be accepted: llhttp
 * refuses it even with `insecureHTTPParser`, which would also relax the header checks that stop
 * request smuggling. The 400 says how to percent-encode instead.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { apiError, ApiError, renderError, type RenderedError } from '../http/errors.ts';

/** How long an answered socket may linger (reading what the client still sends) before it is cut. */
const LINGER_MS = 1_000;

export interface ClientErrorLimits {
  maxHeaderBytes: number;
  /** The request timeout Node enforces (ERR_HTTP_REQUEST_TIMEOUT). */
  requestTimeoutMs: number;
}

/** The parser's error (llhttp's code and static reason; never the client's bytes). */
type ParserError = Error & { code?: string; reason?: string };

export function errorFor(err: ParserError, limits: ClientErrorLimits): ApiError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return apiError('HEADERS_TOO_LARGE', { maxBytes: limits.maxHeaderBytes });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return apiError('REQUEST_TIMEOUT', { seconds: Math.round(limits.requestTimeoutMs / 1000) });
    case 'HPE_INVALID_URL':
      return apiError('UNENCODED_URL');
    default: {
      const reason = (err.reason ?? 'unreadable request').replace(/[^ -~]/g, '').slice(0, 80);
      return apiError('MALFORMED_REQUEST', { reason: reason.charAt(0).toLowerCase() + reason.slice(1) });
    }
  }
}

/** An error answer's headers at the socket level: length known, never cached, never sniffed. */
export function errorHeaders(r: RenderedError): Record<string, string> {
  return {
    ...r.headers,
    'Content-Length': String(Buffer.byteLength(r.body)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}

/** A whole HTTP/1.1 response, closing the connection, in the error envelope. */
export function rawErrorResponse(e: ApiError): string {
  const r = renderError(e);
  const lines = Object.entries({ ...errorHeaders(r), Connection: 'close' }).map(([k, v]) => `${k}: ${v}\r\n`);
  return `HTTP/1.1 ${r.status} ${STATUS_CODES[r.status] ?? ''}\r\n${lines.join('')}\r\n${r.body}`;
}

/** Answers once and closes: FIN after the answer, cut after LINGER_MS (a reset then loses nothing). */
export function answerAndClose(socket: Duplex, e: ApiError): void {
  if (socket.destroyed) return;
  socket.end(rawErrorResponse(e));
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/** The server's 'clientError' listener. */
export function onClientError(limits: ClientErrorLimits): (err: Error, socket: Duplex) => void {
  const answered = new WeakSet<Duplex>();
  return (err, socket) => {
    const code = (err as ParserError).code;
    // A reset peer cannot read an answer; an answer already under way must not be corrupted.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (code === 'ECONNRESET' || !socket.writable || answered.has(socket) || inFlight?.headersSent === true) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    answerAndClose(socket, errorFor(err as ParserError, limits));
  };
}

/** `errorHandler` of @hono/node-server's listener: a URL or Host it cannot make a Request of. */
export function requestErrorResponse(err: unknown): Response {
  const raw = err instanceof Error ? err.message : '';
  const reason = /^[A-Za-z][\w ]{0,60}$/.test(raw) ? raw.charAt(0).toLowerCase() + raw.slice(1) : 'unreadable request';
  const r = renderError(apiError('MALFORMED_REQUEST', { reason }));
  return new Response(r.body, { status: r.status, headers: errorHeaders(r) });
}

/** Node answers an Expect other than 100-continue with an empty 417 unless told otherwise. */
export function onCheckExpectation(req: IncomingMessage, res: ServerResponse): void {
  const r = renderError(apiError('EXPECTATION_FAILED', { value: String(req.headers.expect ?? '') }));
  res.shouldKeepAlive = false;
  res.writeHead(r.status, errorHeaders(r));
  res.end(r.body);
}

/** CONNECT (a proxy tunnel) is not for this API: 405 like any other method but GET and HEAD. */
export function onConnect(_req: unknown, socket: Duplex): void {
  const e = apiError('METHOD_NOT_ALLOWED', { method: 'CONNECT' });
  answerAndClose(socket, new ApiError(e.code, e.message, { Allow: 'GET, HEAD' }));
}
