// The api service as a Fastify app factory. Tests call buildApiApp and inject; only main.ts listens.
// Plugin order: external (swagger) → app (error handling, health) → routes (one plugin per module).
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import underPressure from '@fastify/under-pressure';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requestChildLogger, requestIdFrom, withRedaction } from '../config/logging';
import { clientErrorHandler, frameworkErrorHandler } from '../config/http-errors';
import { Codes } from '../isomorphic/domain/codes';
import { messageFor } from '../isomorphic/domain/code-messages';
import { ApiError } from './http/errors';
import { requestLang } from './http/envelope';
import { registerRateLimits } from './http/rate-limits';
import type { ApiDeps } from './deps';
import { registerModules } from './modules/index';
import { guard } from './modules/account/guard';
import { opsAllowed } from '../config/ops-access';
import { closeRequestSchemas } from './http/closed-schemas';

export interface ApiAppOptions {
  deps: ApiDeps;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApiApp({ deps, logger = false }: ApiAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedaction(logger),
    // The request's child logger without pino's redaction pass over its one binding, the id (config/logging.ts).
    childLoggerFactory: requestChildLogger,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    requestIdHeader: false,
    bodyLimit: 12 * 1024 * 1024,
    // A client that sends its request slowly is cut off (408) instead of holding a connection open.
    requestTimeout: deps.config.http.requestTimeoutMs,
    http: { headersTimeout: deps.config.http.headersTimeoutMs, connectionsCheckingInterval: deps.config.http.checkIntervalMs },
    // The web service forwards the visitor's address; believe it only from the addresses configured.
    trustProxy: deps.config.api.trustProxy === 'false' ? false : deps.config.api.trustProxy,
    // Requests that never reach a route (unparsable, too large, a URL the router refuses) get the envelope too.
    clientErrorHandler: clientErrorHandler(() => true),
    frameworkErrors: frameworkErrorHandler(() => true),
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, useDefaults: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(swagger, {
    openapi: {
      info: { title: 'Lace marketplace api', version: '1.0.0', description: 'Every call answers { code, message, data }; code 0 is success.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-token' } } },
    },
  });

  // Every route's body and query schemas refuse fields they do not define.
  app.addHook('onRoute', closeRequestSchemas);

  // Before any route: decorates request.user and refuses a route that does not say who may call it.
  await app.register(guard, { deps });

  // Shed load while the event loop lags: a 503 envelope with Retry-After, never for the probes.
  const maxDelay = deps.config.api.maxEventLoopDelayMs;
  await app.register(underPressure, {
    maxEventLoopDelay: maxDelay,
    sampleInterval: 250,
    exposeStatusRoute: false,
    // under-pressure sends what the handler returns (its typings say void); undefined lets the call through.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
      if (request.url === '/healthz' || request.url === '/readyz') return undefined;
      reply.code(503).header('retry-after', '5');
      return { code: Codes.OVERLOADED, message: messageFor(Codes.OVERLOADED, requestLang(request)), data: null };
    }) as unknown as (request: FastifyRequest, reply: FastifyReply) => void,
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
      const unknown = unknownField(err.validation);
      if (unknown !== null) {
        const where = lang === 'zh' ? `${base}：不认识的字段 ${unknown}` : `${base}: unknown field ${unknown}`;
        return reply.status(400).send({ code: Codes.BAD_REQUEST, message: where, data: null });
      }
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

  app.get('/healthz', { config: { auth: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    if (maxDelay > 0 && app.isUnderPressure()) return reply.status(503).send({ status: 'under pressure', eventLoopDelayMs: Math.round(app.memoryUsage().eventLoopDelay) });
    try {
      await deps.db.db.selectFrom('dictionary').select('id').limit(1).execute();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
  // The api's schema, for operators (this machine, or a holder of OPS_TOKEN), not for the public.
  app.get('/docs/json', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!opsAllowed(request, deps.config.opsToken)) return reply.status(403).send({ code: Codes.FORBIDDEN, message: messageFor(Codes.FORBIDDEN, requestLang(request)), data: null });
    return app.swagger();
  });

  await registerRateLimits(app, { redisUrl: deps.config.api.redisUrl });
  await registerModules(app, deps);
  return app;
}

/** The field a closed schema refused (`body.foo`), or null when the failure was another. */
function unknownField(validation: unknown): string | null {
  const first = Array.isArray(validation) ? (validation[0] as { keyword?: string; instancePath?: string; params?: { additionalProperty?: string } } | undefined) : undefined;
  if (first?.keyword !== 'additionalProperties' || !first.params?.additionalProperty) return null;
  const at = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return JSON.stringify((at ? `${at}.` : '') + first.params.additionalProperty).slice(0, 120);
}
