// The pino options both services log with: no line may hold a session token, a password (clear or
// AES-encrypted), an SMS code or a cookie. Two layers: `redact` censors the known fields wherever a log
// call puts them, and the error serializer copies only named, harmless fields of an error, so an HTTP
// client's error (got keeps its request options, headers included, on the error) never reaches the log.
import { randomUUID } from 'node:crypto';
import pino, { type LoggerOptions } from 'pino';

const { chindingsSym } = pino.symbols;

const CENSOR = '[redacted]';

/** Field names whose value is never logged, at the top of a log object or one level down. */
const SECRET_FIELDS = ['password', 'oldPassword', 'confirmPassword', 'smsCode', 'token', 'code_hash', 'password_hash', 'accessKeySecret'];
/** Header names whose value is never logged. */
const SECRET_HEADERS = ['x-token', 'cookie', 'set-cookie', 'authorization'];

export const REDACT_PATHS: string[] = [
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]),
  ...SECRET_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`, `*.*.headers["${h}"]`]),
];

/** The fields of an error that are safe and useful in a log line (never request options or bodies). */
const ERROR_FIELDS = ['code', 'statusCode', 'status', 'errno', 'syscall', 'address', 'port', 'detail', 'constraint', 'table', 'column', 'severity'] as const;

export interface SerializedError { type: string; message: string; stack?: string; [field: string]: unknown }

/** An error as a log line may show it: name, message, stack, named fields, the request line of an HTTP error, the cause. */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) {
    return value && typeof value === 'object' ? { type: 'non-error', message: '[object not logged]' } : value;
  }
  const err = value as Error & Record<string, unknown>;
  const out: SerializedError = { type: err.name || err.constructor?.name || 'Error', message: err.message, stack: err.stack };
  for (const field of ERROR_FIELDS) {
    const v = err[field];
    if (v !== undefined && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) out[field] = v;
  }
  // got: method and path of the failed call, without the query string, the headers or the body.
  const options = err.options as { method?: unknown; url?: unknown } | undefined;
  if (options && typeof options === 'object') {
    if (typeof options.method === 'string') out.method = options.method;
    if (options.url) {
      try {
        const u = new URL(String(options.url));
        out.url = `${u.origin}${u.pathname}`;
      } catch { /* not a URL: leave it out */ }
    }
  }
  const response = err.response as { statusCode?: unknown } | undefined;
  if (response && typeof response === 'object' && typeof response.statusCode === 'number') out.responseStatus = response.statusCode;
  if (err.cause !== undefined && depth < 4) out.cause = serializeError(err.cause, depth + 1);
  if (Array.isArray(err.errors) && depth < 4) out.errors = err.errors.slice(0, 5).map((e) => serializeError(e, depth + 1));
  return out;
}

/** Options every service logger is built with; a caller's own options (level, base, stream) go on top. */
export function redactingLoggerOptions(): Pick<LoggerOptions, 'redact' | 'serializers'> {
  return {
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: { err: serializeError, error: serializeError },
  };
}

/** Fastify `logger` options with the redaction added (false stays false; a ready logger instance is the caller's). */
export function withRedaction<T>(logger: T): T {
  if (logger === false || logger === undefined || logger === null) return logger;
  const base = redactingLoggerOptions();
  if (logger === true) return base as T;
  if (typeof logger !== 'object') return logger;
  const own = logger as { serializers?: Record<string, unknown>; redact?: unknown };
  return { ...base, ...logger, serializers: { ...base.serializers, ...own.serializers }, redact: own.redact ?? base.redact } as T;
}

/**
 * Fastify's per-request child logger (its `childLoggerFactory`), made without pino's redaction pass over
 * the bindings. Fastify binds one value to every request's logger, the request id; pino runs every
 * binding through the redaction paths' wildcard stringifier, which parsed all of REDACT_PATHS again for
 * that one string: about 8.6 KB of garbage and a few per cent of a cached page's or a proxied call's CPU,
 * for every request, whether it logged or not (docs/benchmarks.md, "Session 15"). No redaction path can
 * match a bare string under `reqId`, so the id (a UUID, or an x-request-id of at most 128 characters) is
 * appended to the child's bindings as the JSON pino would have written; what a line logs is redacted as
 * before. Any other binding, or a logger that is not pino's, goes the usual way.
 */
export function requestChildLogger<L extends { child(bindings: Record<string, unknown>, options?: object): L }>(logger: L, bindings: Record<string, unknown>, options: object | undefined): L {
  const keys = Object.keys(bindings);
  const id = bindings.reqId;
  if (keys.length !== 1 || keys[0] !== 'reqId' || typeof id !== 'string') return logger.child(bindings, options);
  const child = logger.child({}, options);
  const internals = child as unknown as Record<symbol, unknown>;
  const own = internals[chindingsSym];
  if (typeof own !== 'string') return logger.child(bindings, options);
  internals[chindingsSym] = `${own},"reqId":${JSON.stringify(id)}`;
  return child;
}

/** A request id a caller may choose (letters, digits, `_ . : -`, at most 128): it goes into every log line and header. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The request's id: the caller's `x-request-id` when it is a plain token, else a new UUID (both apps' genReqId). */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}
