import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import type { DictEntry, DictGroup } from '../../../isomorphic/contracts/common';
import { ok, responses } from '../../http/envelope';
import { assertSame, type Same } from '../../http/schemas';
import { getDictionaryTree } from './dictionary.service';

export const DictEntrySchema = Type.Object({
  typeKey: Type.String(), dicValue: Type.String(), name: Type.String(), nameEn: Type.String(), label: Type.String(), sort: Type.Integer(),
});
export const DictGroupSchema = Type.Object({ typeKey: Type.String(), name: Type.String(), nameEn: Type.String(), children: Type.Array(DictEntrySchema) });
assertSame<Same<Static<typeof DictEntrySchema>, DictEntry>>();
assertSame<Same<Static<typeof DictGroupSchema>, DictGroup>>();

export async function dictionaryRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/front/dicTree/byTypeKey', {
    config: { auth: 'public' },
    schema: {
      tags: ['dictionary'],
      summary: 'Dictionary tree: code-table groups with their entries (all groups when typeKey is empty)',
      querystring: Type.Object({ typeKey: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_]*$' })) }),
      response: responses(Type.Object({ data: Type.Array(DictGroupSchema) })),
    },
  }, async (request) => {
    const data = await getDictionaryTree(deps.db.db, request.query.typeKey || undefined);
    return ok(request, { data });
  });
}
