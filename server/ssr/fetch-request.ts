// A Fetch Request for React Router built from a Fastify request, aborted when the visitor goes away.
import type { FastifyReply, FastifyRequest } from 'fastify';

export function toFetchRequest(request: FastifyRequest, reply: FastifyReply, origin: string): { request: Request; controller: AbortController } {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, String(value));
  }
  const url = new URL(request.url, origin);
  return { request: new Request(url, { method: request.method === 'HEAD' ? 'GET' : request.method, headers, signal: controller.signal }), controller };
}
