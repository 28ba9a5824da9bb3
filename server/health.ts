// Probes: /healthz says the process answers; /readyz says it can serve pages (api reachable,
// dictionary loaded), else 503 with what is missing.
import type { FastifyInstance } from 'fastify';
import type { Got } from 'got';
import type { DictionaryCache } from './dictionary-cache';

export async function healthRoutes(app: FastifyInstance, opts: { http: Got; dictionary: DictionaryCache }): Promise<void> {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const api = await opts.http('healthz', { timeout: { request: 1500 } }).then((r) => r.statusCode === 200, () => false);
    if (!opts.dictionary.loaded && api) await opts.dictionary.refresh();
    const dictionary = opts.dictionary.loaded;
    const ready = api && dictionary;
    return reply.code(ready ? 200 : 503).header('cache-control', 'no-store').send({ status: ready ? 'ready' : 'not ready', api, dictionary });
  });
}
