// The api service as a Fastify app factory. Tests call buildApiApp and inject; only main.ts listens.
// Plugin order: external (swagger) → app (error handling, health) → routes (one plugin per module).
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Codes, messageFor } from '../isomorphic/domain/codes';
import { ApiError } from './http/errors';
import { requestLang } from './http/envelope';
import type { ApiDeps } from './deps';
import { registerModules } from './modules/index';

export interface ApiAppOptions {
  deps: ApiDeps;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApiApp({ deps, logger = false }: ApiAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 128 ? req.headers['x-request-id'] : crypto.randomUUID()),
    requestIdHeader: false,
    bodyLimit: 12 * 1024 * 1024,
    // The web service forwards the visitor's address; believe it only from the addresses configured.
    trustProxy: deps.config.api.trustProxy === 'false' ? false : deps.config.api.trustProxy,
    ajv: { customOptions: { coerceTypes: true, removeAdditional: true, useDefaults: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(swagger, {
    openapi: {
      info: { title: 'Lace marketplace api', version: '1.0.0', description: 'Every call answers { code, message, data }; code 0 is success.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-token' } } },
    },
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error, request, reply) => {
    const lang = requestLang(request);
    if (error instanceof ApiError) {
      return reply.status(error.status).send({ code: error.code, message: error.bilingual[lang], data: null });
    }
    const err = error as { validation?: unknown; statusCode?: number; message: string };
    if (err.validation) {
      const base = messageFor(Codes.BAD_REQUEST, lang);
      return reply.status(400).send({ code: Codes.BAD_REQUEST, message: `${base}: ${err.message}`, data: null });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code = err.statusCode === 429 ? Codes.TOO_MANY_REQUESTS : err.statusCode === 404 ? Codes.NOT_FOUND : Codes.BAD_REQUEST;
      return reply.status(err.statusCode).send({ code, message: `${messageFor(code, lang)}: ${err.message}`, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: Codes.INTERNAL, message: messageFor(Codes.INTERNAL, lang), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: Codes.NOT_FOUND, message: messageFor(Codes.NOT_FOUND, requestLang(request)), data: null });
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.db.db.selectFrom('dictionary').select('id').limit(1).execute();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());

  await registerModules(app, deps);
  return app;
}
