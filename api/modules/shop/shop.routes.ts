// The shop manager's calls (SPEC §7 Company): certificates, partners, equipment and the micro-site, each
// for the signed-in settled seller's own company only; the public shop page's data; and the operator's
// certificate verification.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, requestLang, responses } from '../../http/envelope';
import { Id, PageOf, PageQuery } from '../../http/schemas';
import { signedInUser } from '../account/guard';
import { shopOwner as owner } from '../company/shop-owner';
import { certificatesToReview, ownCertificates, saveCertificates, verifiedCompanies, verifyCertificate } from './certificate.service';
import { addPartner, changePartner, getOwnPartner, listOwnPartners, removePartner } from './partner.service';
import { addDevice, changeDevice, devicesOf, removeDevice } from './device.service';
import { saveOwnWebsite, shopWebsite, websiteOf } from './website.service';
import {
  AddDeviceBody, AddPartnerBody, CertificateForReviewSchema, CertificateSchema, DeviceSchema, IdBody, PartnerSchema, SaveCertificatesBody, SaveWebsiteBody,
  ShopWebsiteSchema, UpdateDeviceBody, UpdatePartnerBody, VerifyCertificateBody, WebsiteSettingsSchema,
} from './shop.schemas';

export async function shopRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = deps.db.db;
  const shop = { db, storage: deps.storage };
  const security = [{ token: [] }];
  const saved = { zh: '保存成功', en: 'Saved' };
  const deleted = { zh: '已删除', en: 'Deleted' };

  // ---- qualifications ----
  app.get('/companyAptitude/getCompanyAptitude', {
    config: { auth: 'seller' },
    schema: { tags: ['shop'], security, summary: "My shop's certificates with their verification and validity", response: responses(Type.Array(CertificateSchema)) },
  }, async (request) => ok(request, await ownCertificates(shop, owner(request))));

  app.post('/companyAptitude/saveCompanyAptitude', {
    config: { auth: 'seller' },
    schema: { tags: ['shop'], security, summary: "Save my shop's whole certificate list: with id changes (and sends back to verification), without id adds, left out removes", body: SaveCertificatesBody, response: responses(Type.Array(CertificateSchema)) },
  }, async (request) => ok(request, await saveCertificates(shop, owner(request), request.body.list), saved));

  // ---- partners ----
  const partnerTags = ['shop'];
  app.get('/collaborateCompany/getCollaborateCompany/:id', {
    config: { auth: 'seller' },
    schema: { tags: partnerTags, security, summary: 'One of my partner companies', params: Type.Object({ id: Id }), response: responses(PartnerSchema) },
  }, async (request) => ok(request, await getOwnPartner({ ...shop, lang: requestLang(request) }, owner(request), request.params.id)));

  app.get('/collaborateCompany/listCollaborateCompanys', {
    config: { auth: 'seller' },
    schema: { tags: partnerTags, security, summary: 'My partner companies, in the order added', querystring: Type.Object(PageQuery), response: responses(PageOf(PartnerSchema)) },
  }, async (request) => ok(request, await listOwnPartners({ ...shop, lang: requestLang(request) }, owner(request), request.query)));

  app.post('/collaborateCompany/addCollaborateCompany', {
    config: { auth: 'seller' },
    schema: { tags: partnerTags, security, summary: 'Add a partner company', body: AddPartnerBody, response: responses(PartnerSchema) },
  }, async (request) => ok(request, await addPartner({ ...shop, lang: requestLang(request) }, owner(request), request.body), saved));

  app.post('/collaborateCompany/updateCollaborateCompany', {
    config: { auth: 'seller' },
    schema: { tags: partnerTags, security, summary: 'Change one of my partner companies', body: UpdatePartnerBody, response: responses(PartnerSchema) },
  }, async (request) => {
    const { id, ...input } = request.body;
    return ok(request, await changePartner({ ...shop, lang: requestLang(request) }, owner(request), id, input), saved);
  });

  app.get('/collaborateCompany/deleteCollaborateCompany', {
    config: { auth: 'seller' },
    schema: { tags: partnerTags, security, summary: 'Remove one of my partner companies', querystring: Type.Object({ id: Id }), response: responses(Type.Null()) },
  }, async (request) => {
    await removePartner(shop, owner(request), request.query.id);
    return ok(request, null, deleted);
  });

  // ---- equipment ----
  app.post('/device/listOwnDevice', {
    config: { auth: 'seller' },
    schema: { tags: ['shop'], security, summary: "My shop's machines", body: Type.Optional(Type.Object({}, { additionalProperties: false })), response: responses(Type.Array(DeviceSchema)) },
  }, async (request) => ok(request, await devicesOf(db, owner(request).companyId)));

  app.post('/device/addDevice', {
    config: { auth: 'seller' },
    schema: { tags: ['shop'], security, summary: 'Add a machine: kind, gauge ("sparsely"), needles, count', body: AddDeviceBody, response: responses(DeviceSchema) },
  }, async (request) => ok(request, await addDevice(db, owner(request), request.body), saved));

  app.post('/device/updateDevice', {
    config: { auth: 'seller' },
    schema: { tags: ['shop'], security, summary: 'Change one of my machines', body: UpdateDeviceBody, response: responses(DeviceSchema) },
  }, async (request) => {
    const { id, ...input } = request.body;
    return ok(request, await changeDevice(db, owner(request), id, input), saved);
  });

  app.post('/device/deleteDevice', {
    config: { auth: 'seller' },
    schema: { tags: ['shop'], security, summary: 'Remove one of my machines', body: IdBody, response: responses(Type.Null()) },
  }, async (request) => {
    await removeDevice(db, owner(request), request.body.id);
    return ok(request, null, deleted);
  });

  // ---- micro-site ----
  app.get('/website/template', {
    config: { auth: 'seller' },
    schema: { tags: ['shop'], security, summary: "My shop page's template and sections", response: responses(WebsiteSettingsSchema) },
  }, async (request) => ok(request, await websiteOf(db, owner(request).companyId)));

  app.post('/website/template', {
    config: { auth: 'seller' },
    schema: { tags: ['shop'], security, summary: 'Choose the template (template_1 … template_10) and the sections of my shop page, in order', body: SaveWebsiteBody, response: responses(WebsiteSettingsSchema) },
  }, async (request) => ok(request, await saveOwnWebsite(db, owner(request), request.body), saved));

  app.get('/website/getWebsite', {
    config: { auth: 'public' },
    schema: {
      tags: ['shop'],
      summary: "A shop's public page: company, template and sections, verified certificates, equipment, partners, album and the maps driver (404 unknown, 410 removed)",
      querystring: Type.Object({ companyId: Id }),
      response: responses(ShopWebsiteSchema),
    },
  }, async (request) => ok(request, await shopWebsite({ ...shop, config: deps.config }, request.query.companyId, requestLang(request))));

  app.get('/website/verifiedCompanies', {
    config: { auth: 'public' },
    schema: {
      tags: ['shop'],
      summary: 'Which of these companies carry the verified badge today (for product cards)',
      querystring: Type.Object({ ids: Type.String({ pattern: '^\\d{1,10}(,\\d{1,10}){0,99}$', description: 'comma-separated company ids, at most 100' }) }),
      response: responses(Type.Array(Type.Integer())),
    },
  }, async (request) => {
    const ids = request.query.ids.split(',').map(Number).filter((n) => n > 0 && n <= 2_147_483_647);
    return ok(request, [...(await verifiedCompanies(db, ids))].sort((a, b) => a - b));
  });

  // ---- the operator's certificate desk ----

  app.post('/platform/certificate/list', {
    config: { auth: 'operator' },
    schema: {
      tags: ['platform'], security, summary: 'Certificates to verify: status 0 awaiting (oldest first), 1 verified, 2 not accepted, empty for all',
      body: Type.Object({ ...PageQuery, status: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })) }, { additionalProperties: false }),
      response: responses(PageOf(CertificateForReviewSchema)),
    },
  }, async (request) => ok(request, await certificatesToReview(shop, request.body)));

  app.post('/platform/certificate/verify', {
    config: { auth: 'operator' },
    schema: { tags: ['platform'], security, summary: 'Verify a certificate (it then carries the badge while valid) or refuse it with a note', body: VerifyCertificateBody, response: responses(CertificateForReviewSchema) },
  }, async (request) => ok(request, await verifyCertificate(shop, signedInUser(request).id, request.body), { zh: '已处理', en: 'Done' }));
}
