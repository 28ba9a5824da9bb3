import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import type { CompanyInfo, CompanySummary } from '../../../isomorphic/api-client/types';
import { ok, responses } from '../../http/envelope';
import { assertSame, Id, Nullable, PageOf, PageQuery, type Same } from '../../http/schemas';
import { getCompanyInfo, listCompanies } from './company.service';

export const CompanySummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameEn: Type.String(),
  abbreviation: Type.String(),
  kind: Type.Integer({ description: '1 manufacturer, 2 trader' }),
  logoUrl: Type.String(),
  mainBusiness: Type.String(),
  mainBusinessEn: Type.String(),
  province: Type.String({ description: 'province name' }),
  city: Type.String({ description: 'city name' }),
  productCount: Type.Integer(),
});

export const CompanyInfoSchema = Type.Composite([
  CompanySummarySchema,
  Type.Object({
    intro: Type.String(),
    introEn: Type.String(),
    tel: Type.String(),
    address: Type.String(),
    bannerUrl: Type.String(),
    lat: Nullable(Type.Number()),
    lng: Nullable(Type.Number()),
    establishedAt: Nullable(Type.String()),
    staffCount: Nullable(Type.Integer()),
    workshopArea: Nullable(Type.Integer({ description: 'm²' })),
  }),
]);

assertSame<Same<Static<typeof CompanySummarySchema>, CompanySummary>>();
assertSame<Same<Static<typeof CompanyInfoSchema>, CompanyInfo>>();

export async function companyRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/company/getCompanyInfo', {
    schema: {
      tags: ['company'],
      summary: 'A company (shop) with its area names and the number of products on sale (404 unknown, 410 removed)',
      querystring: Type.Object({ companyId: Id }),
      response: responses(CompanyInfoSchema),
    },
  }, async (request) => ok(request, await getCompanyInfo({ db: deps.db.db, storage: deps.storage }, request.query.companyId)));

  app.get('/company/listCompanies', {
    schema: {
      tags: ['company'],
      summary: 'Quality firms: active companies, most products on sale first; kind 1 manufacturers, 2 traders, empty for any',
      querystring: Type.Object({ ...PageQuery, kind: Type.Optional(Type.Union([Type.Literal(''), Type.Integer({ minimum: 1, maximum: 2 })])) }),
      response: responses(PageOf(CompanySummarySchema)),
    },
  }, async (request) => {
    const { pageNum, pageSize, kind } = request.query;
    return ok(request, await listCompanies({ db: deps.db.db, storage: deps.storage }, { pageNum, pageSize, kind: kind === '' ? undefined : kind }));
  });
}
