// Supply-offer calls (SPEC §7 /companySupply): the owner's (manufacturers and traders) post, edit,
// close, reopen, delete, list and count; anyone reads the hall and an offer by id, details only for buyers.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, requestLang, responses } from '../../http/envelope';
import { Id, PageOf } from '../../http/schemas';
import { signedInUser } from '../account/guard';
import {
  EditSupplyBody, MySuppliesQuery, ReleaseSupplyBody, SupplyCountsSchema, SupplyDetailSchema, SupplyHallBody, SupplyListItemSchema, SupplyStatusBody, SupplyViewSchema,
} from './supply.schemas';
import * as supply from './supply.service';

export async function supplyRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx: supply.SupplyDeps = { db: deps.db.db, storage: deps.storage };
  const tags = ['supply'];
  const security = [{ token: [] }];

  app.post('/companySupply/release', { config: { auth: 'user' }, schema: { tags, security, summary: 'Offer a supply (manufacturers and traders)', body: ReleaseSupplyBody, response: responses(SupplyDetailSchema) } }, async (request) =>
    ok(request, await supply.releaseSupply(ctx, signedInUser(request), request.body, requestLang(request)), { zh: '供应已发布', en: 'Supply offer posted' }));

  app.post('/companySupply/edit', { config: { auth: 'user' }, schema: { tags, security, summary: 'Edit my supply offer', body: EditSupplyBody, response: responses(SupplyDetailSchema) } }, async (request) => {
    const { id, ...input } = request.body;
    return ok(request, await supply.editSupply(ctx, signedInUser(request), id, input, requestLang(request)), { zh: '供应已修改', en: 'Supply offer saved' });
  });

  app.post('/companySupply/setStatus', { config: { auth: 'user' }, schema: { tags, security, summary: 'Close, reopen or delete my supply offer', body: SupplyStatusBody, response: responses(SupplyDetailSchema) } }, async (request) =>
    ok(request, await supply.setSupplyStatus(ctx, signedInUser(request), request.body.id, request.body.action, requestLang(request)), { zh: '操作成功', en: 'Done' }));

  app.get('/companySupply/listMyCompanySupplys', { config: { auth: 'user' }, schema: { tags, security, summary: 'My supply offers, newest first', querystring: MySuppliesQuery, response: responses(PageOf(SupplyListItemSchema)) } }, async (request) =>
    ok(request, await supply.mySupplies(ctx, signedInUser(request), request.query, requestLang(request))));

  app.get('/companySupply/countByStatus', { config: { auth: 'user' }, schema: { tags, security, summary: 'How many of my offers are in supply and closed', response: responses(SupplyCountsSchema) } }, async (request) =>
    ok(request, await supply.supplyCounts(ctx, signedInUser(request))));

  app.get('/companySupply/get', { config: { auth: 'optional' }, schema: { tags, summary: 'One offer: details for buyers and its owner, a teaser and the reason for anyone else', querystring: Type.Object({ id: Id }), response: responses(SupplyViewSchema) } }, async (request) =>
    ok(request, await supply.supplyView(ctx, request.user, request.query.id, requestLang(request))));

  app.post('/companySupply/listSupplys', { config: { auth: 'optional' }, schema: { tags, summary: 'Offers in supply, newest first; picture, quantity and description only for buyers', body: SupplyHallBody, response: responses(PageOf(SupplyListItemSchema)) } }, async (request) =>
    ok(request, await supply.listOpenSupplies(ctx, request.user, request.body, requestLang(request))));
}
