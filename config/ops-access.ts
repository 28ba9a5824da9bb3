// Who may read the operators' endpoints (/metrics on the web service, /docs/json on the api): with
// OPS_TOKEN set, a request carrying `Authorization: Bearer <token>`; without it, only this machine
// (a loopback address, after the trusted proxy's forwarded address is applied). Everyone else gets 403.
import { timingSafeEqual } from 'node:crypto';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function opsAllowed(request: { ip: string; headers: { authorization?: string } }, token: string): boolean {
  if (!token) return LOOPBACK.has(request.ip);
  const given = Buffer.from(request.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
