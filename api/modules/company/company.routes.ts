import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, requestLang, responses } from '../../http/envelope';
import { Id, PageOf, PageQuery } from '../../http/schemas';
import { CompanyInfoSchema, CompanySummarySchema } from './company.schemas';
import { getCompanyInfo, listCompanies } from './company.service';
import { companyQrCode, getShopSettings, updateCompanyExtend, updateShop } from './company-settings.service';
import { ShopQrCodeSchema, ShopSettingsSchema, UpdateCompanyBody, UpdateCompanyExtendBody } from './company-settings.schemas';
import { shopOwner } from './shop-owner';

export async function companyRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/company/getCompanyInfo', {
    config: { auth: 'public' },
    schema: {
      tags: ['company'],
      summary: 'A company (shop) with its area names and the number of products on sale (404 unknown, 410 removed)',
      querystring: Type.Object({ companyId: Id }),
      response: responses(CompanyInfoSchema),
    },
  }, async (request) => ok(request, await getCompanyInfo({ db: deps.db.db, storage: deps.storage, lang: requestLang(request) }, request.query.companyId)));

  app.get('/company/listCompanies', {
    config: { auth: 'public' },
    schema: {
      tags: ['company'],
      summary: 'Quality firms: active companies, most products on sale first; kind 1 manufacturers, 2 traders, empty for any',
      querystring: Type.Object({ ...PageQuery, kind: Type.Optional(Type.Union([Type.Literal(''), Type.Integer({ minimum: 1, maximum: 2 })])) }),
      response: responses(PageOf(CompanySummarySchema)),
    },
  }, async (request) => {
    const { pageNum, pageSize, kind } = request.query;
    return ok(request, await listCompanies({ db: deps.db.db, storage: deps.storage, lang: requestLang(request) }, { pageNum, pageSize, kind: kind === '' ? undefined : kind }));
  });

  // The seller's own shop (SPEC §2 /home/shopManage/setting): settled sellers of an active company only.
  const db = deps.db.db;
  const settingsDeps = { db, storage: deps.storage };
  const security = [{ token: [] }];
  const saved = { zh: '保存成功', en: 'Saved' };

  app.get('/company/getMyCompany', {
    config: { auth: 'seller' },
    schema: { tags: ['company'], security, summary: "My shop's settings, private fields (SMS numbers) included", response: responses(ShopSettingsSchema) },
  }, async (request) => ok(request, await getShopSettings({ ...settingsDeps, lang: requestLang(request) }, shopOwner(request))));

  app.post('/company/updateCompany', {
    config: { auth: 'seller' },
    schema: { tags: ['company'], security, summary: "My shop's face: name, abbreviation, main business, logo, banner, album, intro, tel, fax, SMS numbers, region, coordinates, address (only the fields sent change)", body: UpdateCompanyBody, response: responses(ShopSettingsSchema) },
  }, async (request) => ok(request, await updateShop({ ...settingsDeps, lang: requestLang(request) }, shopOwner(request), request.body), saved));

  app.post('/company/updateCompanyExtend', {
    config: { auth: 'seller' },
    schema: { tags: ['company'], security, summary: "My company's facts: registered capital, type, staff, turnover, markets, business model, customers, workshop area, founding date", body: UpdateCompanyExtendBody, response: responses(ShopSettingsSchema) },
  }, async (request) => ok(request, await updateCompanyExtend({ ...settingsDeps, lang: requestLang(request) }, shopOwner(request), request.body), saved));

  app.get('/company/getCompanyQRcode', {
    config: { auth: 'public' },
    schema: {
      tags: ['company'],
      summary: "A QR code of a shop's public page (PNG data URL and SVG), for swatch cards",
      querystring: Type.Object({ companyId: Id }),
      response: responses(ShopQrCodeSchema),
    },
  }, async (request) => ok(request, await companyQrCode(db, deps.config.web.publicUrl, request.query.companyId)));
}
