// GET /files/*: files of the local storage driver, and widths and formats of its pictures (?w=&f=), with
// long-lived cache headers: the URLs the api gives carry the file's version (?v=), so a changed picture
// gets a new URL. Under the web proxy this is /api/files/*.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import type { UploadedFile } from '../../../isomorphic/contracts/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { UploadLimits } from '../../../isomorphic/domain/custom-request';
import { ErrorEnvelope, ok, responses } from '../../http/envelope';
import { ApiError, notFound } from '../../http/errors';
import { assertSame, type Same } from '../../http/schemas';
import { signedInUser } from '../account/guard';
import type { UploadCredentials } from './storage';
import { acceptUpload, confirmUpload, issueUploadGrant, sweepExpiredGrants, sweepStagedUploads, tooLarge, type UploadDeps } from './upload.service';
import { runEvery } from '../../http/every';
import { createLocalStorage, fileVersion, type LocalStorageDriver } from './local-storage';
import { createImageVariants } from './image-variants.service';
import { IMAGE_FORMATS, IMAGE_TYPES, IMAGE_WIDTHS, variantUrl } from '../../../isomorphic/domain/image-variants';
import { contentTypeFor, isSafeStoragePath } from './storage-path';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const STALE_VERSION = 'public, max-age=60';
/** Pictures sharp reads; other files (BMP, PDF…) are served as they are, whatever w and f say. */
const VARIANT_SOURCES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

const UploadCredentialsSchema = Type.Object({
  dir: Type.String(), accessKeyId: Type.String(), accessKeySecret: Type.String(), securityToken: Type.String(),
  endpoint: Type.String(), bucket: Type.String(), region: Type.String(), expiration: Type.String(),
  mode: Type.Union([Type.Literal('oss'), Type.Literal('local')]), uploadUrl: Type.String(),
  keyPrefix: Type.String(), form: Type.Record(Type.String(), Type.String()),
});
const UploadedFileSchema = Type.Object({
  storeAs: Type.String(), url: Type.String(), size: Type.Integer(), width: Type.Integer(), height: Type.Integer(), contentType: Type.String(),
});
assertSame<Same<Static<typeof UploadCredentialsSchema>, UploadCredentials>>();
assertSame<Same<Static<typeof UploadedFileSchema>, UploadedFile>>();

const uploadResponses = { ...responses(UploadedFileSchema), 409: ErrorEnvelope, 413: ErrorEnvelope };

export async function fileRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config, storage } = deps;
  // The driver in deps when it is the local one, so the route serves exactly where files are written.
  const local: LocalStorageDriver = 'filePath' in storage && storage.name === 'local'
    ? (storage as LocalStorageDriver)
    : createLocalStorage({ dir: config.storage.localDir, publicBase: config.storage.publicBase });

  const variants = createImageVariants({ dir: config.storage.variantDir, concurrency: config.storage.variantThreads });

  const up: UploadDeps = { db: deps.db.db, storage };
  runEvery(fastify, 'expired upload grants swept', config.sweepExpiredMs, (now) => sweepExpiredGrants(up.db, now));
  if (storage.sweepStaged) runEvery(fastify, 'unconfirmed staged uploads swept', config.sweepExpiredMs, (now) => sweepStagedUploads(storage, now));

  // Multipart only in this plugin: one file of at most 10 MB (a byte more is "too large") and a few small fields.
  await app.register(multipart, {
    limits: { fileSize: UploadLimits.maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });

  app.post('/file/token', {
    config: { auth: 'user' },
    schema: {
      tags: ['file'],
      summary: 'An upload directory with its credentials (STS for OSS, the api\'s upload URL for local storage); signed in only',
      security: [{ token: [] }],
      body: Type.Object({ fileType: Type.Optional(Type.String({ maxLength: 20, default: 'image' })) }),
      response: responses(UploadCredentialsSchema),
    },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await issueUploadGrant(up, user.id, request.body.fileType ?? 'image'));
  });

  app.post('/file/upload', {
    config: { auth: 'user' },
    schema: {
      tags: ['file'],
      summary: 'Local storage: a multipart form with `file` and `storeAs` (inside an issued dir); png, jpeg, bmp or webp by content, at most 10 MB',
      security: [{ token: [] }],
      consumes: ['multipart/form-data'],
      response: uploadResponses,
    },
  }, async (request, reply) => {
    const user = signedInUser(request);
    if (!request.isMultipart()) throw new ApiError(Codes.UPLOAD_FILE_MISSING, 400);
    let body: Buffer | null = null;
    let storeAs: unknown;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'file' && body === null) body = await part.toBuffer();
          else part.file.resume();
        } else if (part.fieldname === 'storeAs') {
          storeAs = part.value;
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ApiError(Codes.BAD_REQUEST, 400, { zh: '一次只能上传一张图片', en: 'Upload one image at a time' });
      throw err;
    }
    const file = await acceptUpload(up, user.id, storeAs, body);
    return reply.send(ok(request, file));
  });

  app.post('/file/confirm', {
    config: { auth: 'user' },
    schema: {
      tags: ['file'],
      summary: 'OSS storage: records a file the browser uploaded with the STS credentials, after checking its real type and size (a bad one is deleted)',
      security: [{ token: [] }],
      body: Type.Object({ storeAs: Type.String({ maxLength: 200 }) }),
      response: uploadResponses,
    },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await confirmUpload(up, user.id, request.body.storeAs));
  });

  app.get('/files/*', {
    config: { auth: 'public' },
    schema: {
      tags: ['file'],
      summary: 'A stored file (local storage driver), or with w and f one width and format of a stored picture, made once and kept; with the oss driver, a redirect to the object',
      params: Type.Object({ '*': Type.String({ minLength: 1, maxLength: 512 }) }),
      querystring: Type.Object({
        v: Type.Optional(Type.String({ maxLength: 40, pattern: '^[0-9a-z.]+$', description: 'the version in the URL the api gave; when it is the current one the answer is cached for good' })),
        w: Type.Optional(Type.Union(IMAGE_WIDTHS.map((n) => Type.Literal(n)), { description: 'width in pixels (a picture is never enlarged)' })),
        f: Type.Optional(Type.Union(IMAGE_FORMATS.map((n) => Type.Literal(n)), { description: 'format' })),
        retry: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, description: 'a page\'s retry after a failed load; ignored' })),
      }, { additionalProperties: false }),
      response: {
        200: Type.Unsafe<fs.ReadStream>({ type: 'string', format: 'binary', description: 'the file' }),
        302: Type.Null(),
        304: Type.Unsafe<undefined>({ description: 'not modified: the ETag matched' }),
        404: ErrorEnvelope,
      },
    },
  }, async (request, reply) => {
    const relPath = request.params['*'];
    if (!isSafeStoragePath(relPath)) throw notFound();
    const { v, w, f } = request.query;
    if (storage.name !== 'local') return reply.redirect(w || f ? variantUrl(storage.url(relPath), w ?? 960, f ?? 'jpeg') : storage.url(relPath), 302);

    const source = local.filePath(relPath);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(source);
    } catch {
      throw notFound();
    }
    if (!stat.isFile()) throw notFound();
    const version = fileVersion(stat);

    let file = source;
    let contentType = contentTypeFor(relPath);
    if ((w || f) && VARIANT_SOURCES.has(contentType)) {
      const made = await variants.file({ source, version, relPath, width: w ?? null, format: f ?? 'jpeg' }, () => !request.raw.socket?.destroyed);
      if (made) {
        file = made;
        contentType = IMAGE_TYPES[f ?? 'jpeg'];
        try {
          stat = await fs.promises.stat(file);
        } catch {
          throw notFound();
        }
      }
    }

    // A URL naming an older version still answers (with today's picture) but only for a short while.
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    reply
      .header('cache-control', v === undefined || v === version ? IMMUTABLE : STALE_VERSION)
      .header('etag', etag)
      .header('last-modified', stat.mtime.toUTCString())
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) {
      return reply.status(304).send();
    }
    reply.header('content-type', contentType).header('content-length', stat.size);
    return reply.send(fs.createReadStream(file));
  });
}
