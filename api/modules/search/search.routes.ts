// Photo search calls of SPEC §7: start (encoded image or stored file), polling, results, cancel, and the
// index status. The index service lives as long as the app: started when the app is ready, stopped on close.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ApiDeps, ModuleOptions } from '../../deps';
import { Codes } from '../../../isomorphic/domain/codes';
import { requestLang, ok, responses } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { normaliseStoragePath } from '../file/storage-path';
import { ImageIndexService } from './image-index.service';
import { imageSearchSettings, type ImageSearchSettings } from './image-search.settings';
import { registerImageIndex, unregisterImageIndex } from './index-product';
import {
  EncodedBody, EncodedQuery, ResultQuery, SearchHitDetailPage, SearchHitPage, SearchKeyParams, SearchStartedSchema, SearchStatusSchema, UrlBody,
} from './search.schemas';
import {
  admitSearch, cancelSearch, getResult, getResultDetail, imageError, imageLimits, pollSearch, readQueryImage, startSearch, type SearchDeps, type Searcher, type SearchMode,
} from './search.service';
import { failStaleJobs } from './search.queries';
import { mintVisitorId, verifiedVisitorId, visitorSecret } from './visitor-id';

/** Settings may come with the deps until config/ carries them (see image-search.settings.ts). */
type DepsWithSearch = ApiDeps & { imageSearch?: Partial<ImageSearchSettings> };

/** The header a guest's page sends its visitor id in, and the api hands a new one out in. */
const VISITOR_HEADER = 'x-visitor-id';

// Base64 of a 10 MB image is 13.4 MB; the JSON around it is small.
const BODY_LIMIT = Math.ceil((imageLimits.maxBytes * 4) / 3) + 64 * 1024;

export async function searchRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const d = deps as DepsWithSearch;
  const settings = imageSearchSettings(deps.config.dataDir, { ...deps.config.imageSearch, ...d.imageSearch });
  const engine = new ImageIndexService(deps.db.db, deps.db.dialect, deps.storage, settings, app.log);
  const sdeps: SearchDeps = { db: deps.db.db, storage: deps.storage, engine, log: app.log, owner: deps.config.api.instanceId };
  const secret = visitorSecret(deps.config.api.visitorSecret, deps.config.dataDir);
  registerImageIndex(deps.db.db, engine);

  app.addHook('onReady', async () => {
    await failStaleJobs(deps.db.db, sdeps.owner, new Date(Date.now() - settings.staleJobMs));
    // Loading the model and the index takes a moment: the api answers meanwhile, searches wait in the queue.
    void engine.start().catch((err) => app.log.error({ err }, 'image search could not start'));
  });
  app.addHook('onClose', async () => {
    unregisterImageIndex(deps.db.db);
    await engine.stop();
  });

  // Raw uploads: the body is the picture itself.
  app.addContentTypeParser(['image/jpeg', 'image/png', 'image/bmp', 'image/webp', 'image/gif', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: imageLimits.maxBytes }, (_req, body, done) => done(null, body));

  /**
   * Whom a search counts against. A guest without a visitor id of ours gets a new one (in the answer's
   * x-visitor-id, which the page keeps and sends back); a made-up or altered one counts as none.
   */
  const searcher = (request: FastifyRequest, reply: FastifyReply): Searcher => {
    const user = request.user;
    if (user) return { userId: user.id, subject: `u:${user.id}`, ip: null };
    let visitor = verifiedVisitorId(secret, request.headers[VISITOR_HEADER]);
    if (!visitor) {
      visitor = mintVisitorId(secret);
      reply.header(VISITOR_HEADER, visitor);
    }
    return { userId: null, subject: `v:${visitor}`, ip: request.ip };
  };
  /** Reading results needs no quota subject: a guest's results are read by their search id. */
  const reader = (request: FastifyRequest): Searcher => ({ userId: request.user?.id ?? null, subject: '', ip: null });

  // Too-large bodies are refused by Fastify before they are read; say so in the search's own words.
  const uploadErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      const e = imageError(Codes.IMAGE_TOO_LARGE);
      return reply.status(413).send({ code: e.code, message: e.bilingual[requestLang(request)], data: null });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const e = imageError(error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? Codes.IMAGE_EMPTY : Codes.IMAGE_NOT_IMAGE);
      return reply.status(400).send({ code: e.code, message: e.bilingual[requestLang(request)], data: null });
    }
    throw error;
  };

  app.post('/search/encoded', {
    config: { auth: 'optional' },
    bodyLimit: BODY_LIMIT,
    errorHandler: uploadErrors,
    schema: {
      tags: ['search'],
      summary: 'Start a photo search with the picture in the body: JSON { image: base64 } or the raw image bytes; ?mode=shape leaves colour out',
      querystring: EncodedQuery,
      body: Type.Union([EncodedBody, Type.Unsafe<Buffer>({ type: 'string', format: 'binary' })]),
      response: { ...responses(SearchStartedSchema), 413: responses(SearchStartedSchema)[400] },
    },
    // The union above documents both forms; the handler tells them apart (and checks ?mode= itself).
    validatorCompiler: () => (data: unknown) => ({ value: data }),
  }, async (request, reply) => {
    const mode = searchMode(request.query);
    const who = searcher(request, reply);
    // Quota and queue before the picture is decoded: a refused search costs no decoding.
    await admitSearch(sdeps, who);
    const body = request.body as unknown;
    let bytes: Buffer;
    if (Buffer.isBuffer(body)) bytes = body;
    else if (body && typeof body === 'object' && typeof (body as { image?: unknown }).image === 'string') {
      const raw = (body as { image: string }).image;
      const b64 = raw.startsWith('data:') ? raw.slice(raw.indexOf(',') + 1) : raw;
      if (!/^[A-Za-z0-9+/=\s_-]*$/.test(b64.slice(0, 4096))) throw imageError(Codes.IMAGE_NOT_IMAGE);
      bytes = Buffer.from(b64, 'base64');
    } else throw imageError(Codes.IMAGE_EMPTY);
    const image = await readQueryImage(bytes);
    return ok(request, { searchKey: await startSearch(sdeps, who, image, 'encoded', mode) });
  });

  app.post('/search/url', {
    config: { auth: 'optional' },
    schema: { tags: ['search'], summary: 'Start a photo search with a picture already on our storage (an upload)', body: UrlBody, response: responses(SearchStartedSchema) },
  }, async (request, reply) => {
    const relPath = storagePathOf(request.body.url, deps.storage.url('x').split('?')[0].slice(0, -1));
    if (!relPath) throw new ApiError(Codes.IMAGE_URL_INVALID, 400);
    const who = searcher(request, reply);
    await admitSearch(sdeps, who);
    const bytes = await deps.storage.get(relPath);
    if (!bytes) throw new ApiError(Codes.IMAGE_URL_INVALID, 404);
    const image = await readQueryImage(bytes);
    return ok(request, { searchKey: await startSearch(sdeps, who, image, 'url', request.body.mode ?? 'all') });
  });

  app.get('/search/polling/:searchKey', {
    config: { auth: 'public' },
    schema: { tags: ['search'], summary: '-1 while the search runs, then the search id', params: SearchKeyParams, response: responses(Type.Integer()) },
  }, async (request) => ok(request, await pollSearch(deps.db.db, request.params.searchKey)));

  app.get('/search/getResult', {
    config: { auth: 'optional' },
    schema: { tags: ['search'], summary: 'Ranked products of a finished search, with similarity', querystring: ResultQuery, response: responses(SearchHitPage) },
  }, async (request) => ok(request, await getResult(sdeps, reader(request), request.query)));

  app.get('/search/getResultDetailOnLsk', {
    config: { auth: 'optional' },
    schema: { tags: ['search'], summary: 'Ranked products of a finished search with their companies and colour cards', querystring: ResultQuery, response: responses(SearchHitDetailPage) },
  }, async (request) => ok(request, await getResultDetail(sdeps, reader(request), request.query)));

  app.post('/search/cancel/:searchKey', {
    config: { auth: 'public' },
    schema: { tags: ['search'], summary: 'Cancel a running search', params: SearchKeyParams, response: responses(Type.Boolean()) },
  }, async (request) => ok(request, await cancelSearch(sdeps, request.params.searchKey)));

  app.get('/search/status', {
    config: { auth: 'public' },
    schema: { tags: ['search'], summary: 'Readiness of photo search: products indexed of all on sale', response: responses(SearchStatusSchema) },
  }, async (request) => ok(request, await engine.status()));
}

/** ?mode= of POST /search/encoded: absent, 'all' or 'shape', and no other parameter. */
function searchMode(query: unknown): SearchMode {
  const q = (query ?? {}) as Record<string, unknown>;
  if (Object.keys(q).some((k) => k !== 'mode')) throw new ApiError(Codes.SEARCH_MODE_INVALID, 400);
  if (q.mode === undefined || q.mode === 'all') return 'all';
  if (q.mode === 'shape') return 'shape';
  throw new ApiError(Codes.SEARCH_MODE_INVALID, 400);
}

/** The storage path of a search's picture: a bare storage path, or a URL under our storage's public base. */
export function storagePathOf(input: string, publicBase: string): string | null {
  // A picture's URL may carry a version or processing query (image-variants.ts); the path is before it.
  let p = input.trim().replace(/[?#].*$/, '');
  try {
    if (/^https?:\/\//i.test(p)) {
      const u = new URL(p);
      const base = /^https?:\/\//i.test(publicBase) ? new URL(publicBase) : null;
      if (base && u.origin !== base.origin) return null;
      p = u.pathname;
    }
  } catch {
    return null;
  }
  const basePath = /^https?:\/\//i.test(publicBase) ? new URL(publicBase).pathname : publicBase;
  const prefix = basePath.replace(/\/+$/, '') + '/';
  if (p.startsWith(prefix)) p = p.slice(prefix.length);
  else if (p.startsWith('/')) return null;
  try {
    p = decodeURIComponent(p);
  } catch {
    return null;
  }
  return normaliseStoragePath(p);
}
