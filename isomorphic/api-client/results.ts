// Turning api envelopes into loader results: data on code 0, otherwise a route error with a real HTTP status.
import { data } from 'react-router';
import { Codes, type Envelope } from '../domain/codes';

/** The HTTP status a page answers with when the api returns this code. */
export function statusForCode(code: number): number {
  switch (code) {
    case Codes.NOT_FOUND: return 404;
    case Codes.GONE: return 410;
    case Codes.BAD_REQUEST: return 400;
    case Codes.FORBIDDEN: return 403;
    case Codes.NOT_A_SELLER: case Codes.COMPANY_SUSPENDED: return 403;
    case Codes.SESSION_EXPIRED: return 401;
    case Codes.TOO_MANY_REQUESTS: return 429;
    case Codes.UPSTREAM_UNAVAILABLE: return 502;
    default: return 500;
  }
}

export interface RouteErrorData { code: number; message: string }

/** The envelope's data when code is 0; otherwise throws a route error response carrying code and message. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.code === Codes.OK) return envelope.data;
  throw data<RouteErrorData>({ code: envelope.code, message: envelope.message }, { status: statusForCode(envelope.code) });
}

/** Thrown by api clients when the api cannot be reached or answers something that is not an envelope. */
export class ApiUnavailableError extends Error {
  readonly code = Codes.UPSTREAM_UNAVAILABLE;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiUnavailableError';
  }
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return !!value && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'number' && 'data' in value;
}
