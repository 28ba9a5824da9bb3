// Settlement calls: the areas open to sellers (public, SPEC §7 /common/getSettledLands) and the
// applicant's own calls (signed in; another user's application answers "does not exist").
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, requestLang, responses } from '../../http/envelope';
import { Id } from '../../http/schemas';
import { signedInUser } from '../account/guard';
import { ApplicationSchema, ApplyBody, IdBody, LandSchema, OverviewSchema, ResubmitBody } from './settlement.schemas';
import * as settlement from './settlement.service';

export async function settlementRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = { db: deps.db.db, storage: deps.storage };
  const tags = ['settlement'];
  const security = [{ token: [] }];
  const view = (request: Parameters<typeof requestLang>[0], row: Parameters<typeof settlement.toApplication>[1]) => settlement.toApplication(ctx.storage, row, requestLang(request));

  app.get('/common/getSettledLands', { config: { auth: 'public' }, schema: { tags, summary: 'The lace-industry areas where the platform accepts sellers', response: responses(Type.Array(LandSchema)) } }, async (request) =>
    ok(request, await settlement.settledLands(ctx.db)));

  app.get('/settle/overview', { config: { auth: 'user' }, schema: { tags, security, summary: 'My latest application, whether I am settled, and the open areas', response: responses(OverviewSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await settlement.overview(ctx, user, requestLang(request)));
  });

  app.get('/settle/myApplications', { config: { auth: 'user' }, schema: { tags, security, summary: 'My applications, newest first', response: responses(Type.Array(ApplicationSchema)) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await settlement.myApplications(ctx, user, requestLang(request)));
  });

  app.get('/settle/getApplication', { config: { auth: 'user' }, schema: { tags, security, summary: 'One of my applications', querystring: Type.Object({ id: Id }), response: responses(ApplicationSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, view(request, await settlement.myApplication(ctx, user, request.query.id)));
  });

  app.post('/settle/apply', { config: { auth: 'user' }, schema: { tags, security, summary: 'Apply to settle (sellers: manufacturers and traders; a designer studio as a buyer company)', body: ApplyBody, response: responses(ApplicationSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, view(request, await settlement.apply(ctx, user, request.body)), { zh: '申请已提交，请等待平台审核', en: 'Application submitted; the platform will review it' });
  });

  app.post('/settle/resubmit', { config: { auth: 'user' }, schema: { tags, security, summary: 'Correct a rejected application and submit it again', body: ResubmitBody, response: responses(ApplicationSchema) } }, async (request) => {
    const user = signedInUser(request);
    const { id, ...input } = request.body;
    return ok(request, view(request, await settlement.resubmit(ctx, user, id, input)), { zh: '申请已重新提交', en: 'Application resubmitted' });
  });

  app.post('/settle/withdraw', { config: { auth: 'user' }, schema: { tags, security, summary: 'Withdraw my open application', body: IdBody, response: responses(ApplicationSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, view(request, await settlement.withdraw(ctx, user, request.body.id)), { zh: '申请已撤回', en: 'Application withdrawn' });
  });
}
