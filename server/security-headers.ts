// The security headers every web answer carries (helmet's, without its CSP: pages write their own).
// @fastify/helmet builds helmet's twelve middlewares afresh for every request and runs them one by one;
// with our options all of them only set fixed headers, which had been several per cent of a cached page's
// time. So helmet (through @fastify/helmet, with the same options) answers one request at start-up, its
// headers are kept, and one hook sets them on every reply.
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** The headers helmet sets with these options (names in lower case). */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get('/', (_request, reply) => reply.send(''));
    const res = await probe.inject({ url: '/' });
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (PLAIN_HEADERS.has(name) || typeof value !== 'string') continue;
      out[name] = value;
    }
    return out;
  } finally {
    await probe.close();
  }
}

/** What any fastify answer carries without helmet. */
const PLAIN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Sets helmet's headers (worked out once) on every reply of the app, from the first hook on. */
export async function addSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  if (Object.keys(headers).length === 0) throw new Error('helmet set no headers');
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
