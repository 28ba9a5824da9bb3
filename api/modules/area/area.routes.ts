import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import type { Area } from '../../../isomorphic/contracts/common';
import { ok, requestLang, responses } from '../../http/envelope';
import { assertSame, Nullable, type Same } from '../../http/schemas';
import { areaByCode, areasByLevel, areasByParent } from './area.service';

export const AreaSchema = Type.Object({ code: Type.String(), name: Type.String(), parentCode: Nullable(Type.String()), level: Type.Integer() });
assertSame<Same<Static<typeof AreaSchema>, Area>>();

const AreaCode = Type.String({ pattern: '^[0-9]{2,12}$', description: 'GB/T 2260 area code: 2 digits a province, 4 a city, 6 a district' });

export async function areaRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = deps.db.db;

  app.get('/front/area/byParent', {
    config: { auth: 'public' },
    schema: {
      tags: ['area'],
      summary: 'Areas under a parent code; the provinces when parentCode is empty. Names in the caller\'s language (x-lang)',
      querystring: Type.Object({ parentCode: Type.Optional(Type.Union([Type.Literal(''), AreaCode])) }),
      response: responses(Type.Array(AreaSchema)),
    },
  }, async (request) => ok(request, await areasByParent(db, request.query.parentCode || undefined, requestLang(request))));

  app.get('/front/area/byLevel', {
    config: { auth: 'public' },
    schema: {
      tags: ['area'],
      summary: 'Every area of a level: 1 provinces, 2 cities, 3 districts',
      querystring: Type.Object({ level: Type.Integer({ minimum: 1, maximum: 3 }) }),
      response: responses(Type.Array(AreaSchema)),
    },
  }, async (request) => ok(request, await areasByLevel(db, request.query.level, requestLang(request))));

  app.get('/front/area/byCode', {
    config: { auth: 'public' },
    schema: {
      tags: ['area'],
      summary: 'One area by its code',
      querystring: Type.Object({ code: AreaCode }),
      response: responses(AreaSchema),
    },
  }, async (request) => ok(request, await areaByCode(db, request.query.code, requestLang(request))));
}
