// GET /files/*: files of the local storage driver, with long-lived cache headers (paths never change
// content: uploads and seeded images get new names). Under the web proxy this is /api/files/*.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ErrorEnvelope } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { createLocalStorage, type LocalStorageDriver } from './local-storage';
import { contentTypeFor, isSafeStoragePath } from './storage-path';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function fileRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config, storage } = deps;
  // The driver in deps when it is the local one, so the route serves exactly where files are written.
  const local: LocalStorageDriver = 'filePath' in storage && storage.name === 'local'
    ? (storage as LocalStorageDriver)
    : createLocalStorage({ dir: config.storage.localDir, publicBase: config.storage.publicBase });

  app.get('/files/*', {
    schema: {
      tags: ['file'],
      summary: 'A stored file (local storage driver); with the oss driver, a redirect to the object',
      params: Type.Object({ '*': Type.String({ minLength: 1, maxLength: 512 }) }),
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
    if (storage.name !== 'local') return reply.redirect(storage.url(relPath), 302);

    const file = local.filePath(relPath);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      throw notFound();
    }
    if (!stat.isFile()) throw notFound();

    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    reply
      .header('cache-control', IMMUTABLE)
      .header('etag', etag)
      .header('last-modified', stat.mtime.toUTCString())
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) {
      return reply.status(304).send();
    }
    reply.header('content-type', contentTypeFor(relPath)).header('content-length', stat.size);
    return reply.send(fs.createReadStream(file));
  });
}
