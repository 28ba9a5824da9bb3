// How both services answer requests that never reach a route: a request line or headers Node cannot
// parse or that are too large (`clientError`: no request object exists yet, so the answer is written to
// the socket), and URLs the router refuses (bad percent-encoding, an over-long parameter). Under the api
// (the api itself, and /api on the web service) the answer is the { code, message, data } envelope.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '../isomorphic/domain/codes';
import { messageFor } from '../isomorphic/domain/code-messages';

/** A request line longer than this is answered 414 (URL too long) rather than 431 (headers too large). */
const LONG_REQUEST_LINE = 8 * 1024;

/** The language a raw request asks for, when its headers could be read at all (zh otherwise). */
function langOf(head: string): 'zh' | 'en' {
  const m = /\r\nx-lang:\s*(\w+)/i.exec(head) ?? /\r\naccept-language:\s*(\w+)/i.exec(head);
  return m && m[1].toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/**
 * The `clientErrorHandler` of a service. `envelope(path)` says whether a path is under the api (the api
 * service: every path; the web: /api/…); other paths get a short text answer with the same status.
 */
export function clientErrorHandler(envelope: (path: string) => boolean) {
  return function onClientError(error: Error, socket: Socket): void {
    const err = error as Error & { code?: string; rawPacket?: unknown };
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket : null;
    const head = raw ? raw.toString('latin1', 0, Math.min(raw.length, 64 * 1024)) : '';
    const lineEnd = head.indexOf('\r\n');
    const requestLine = lineEnd < 0 ? head : head.slice(0, lineEnd);
    const path = requestLine.split(' ')[1] ?? '';
    let status: number, code: number;
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') [status, code] = [408, Codes.BAD_REQUEST];
    else if (err.code === 'HPE_HEADER_OVERFLOW') [status, code] = lineEnd < 0 || lineEnd > LONG_REQUEST_LINE ? [414, Codes.URL_TOO_LONG] : [431, Codes.HEADERS_TOO_LARGE];
    else [status, code] = [400, Codes.BAD_REQUEST];
    const lang = langOf(head);
    // With no request line read, the path is unknown: an api-only service still answers in its envelope.
    const json = envelope(path);
    const body = json ? JSON.stringify({ code, message: messageFor(code, lang), data: null }) : `${messageFor(code, lang)}\n`;
    if (socket.writable) {
      socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
        + `Content-Type: ${json ? 'application/json' : 'text/plain'}; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
    }
    socket.destroy();
  };
}

/** Fastify's `frameworkErrors`: a URL the router cannot take (bad percent-encoding 400, an over-long parameter 414). */
export function frameworkErrorHandler(envelope: (path: string) => boolean) {
  return function onFrameworkError(error: { code?: string }, request: Pick<FastifyRequest, 'url' | 'headers'>, reply: FastifyReply): void {
    const [status, code] = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, Codes.URL_TOO_LONG] : [400, Codes.BAD_REQUEST];
    const lang = langOf(`\r\nx-lang: ${request.headers['x-lang'] ?? ''}\r\naccept-language: ${request.headers['accept-language'] ?? ''}`);
    if (envelope(request.url)) void reply.code(status).header('content-type', 'application/json; charset=utf-8').send({ code, message: messageFor(code, lang), data: null });
    else void reply.code(status).header('content-type', 'text/plain; charset=utf-8').send(`${messageFor(code, lang)}\n`);
  };
}
