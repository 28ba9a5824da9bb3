// The operator console's calls. Every one is config auth 'operator' (anyone else 210403, a guest 210018);
// PLATFORM_USER_IDS grants the role at boot.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, requestLang, responses } from '../../http/envelope';
import { Id } from '../../http/schemas';
import { grantOperatorRole } from '../account/account.service';
import { signedInUser } from '../account/guard';
import * as settlement from '../settlement/settlement.service';
import { ApplicationSchema, ApproveBody, LandSchema, QueueBody, QueuePage, QueuedSchema, RejectBody, SaveLandBody } from '../settlement/settlement.schemas';
import { AuditBody, AuditPage, CompanyListBody, CompanyPage, CompanySchema, SuspendBody } from './platform.schemas';
import { auditLog, companies, setCompanySuspended } from './platform.service';

export async function platformConsoleRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = { db: deps.db.db, storage: deps.storage };
  const tags = ['platform'];
  const security = [{ token: [] }];
  await grantOperatorRole(ctx.db, deps.config.orders.platformUserIds);

  app.post('/platform/settlement/list', { config: { auth: 'operator' }, schema: { tags, security, summary: 'Settlement applications by status (submitted: oldest first)', body: QueueBody, response: responses(QueuePage) } }, async (request) => {
    return ok(request, await settlement.applicationQueue(ctx, request.body, requestLang(request)));
  });

  app.get('/platform/settlement/get', { config: { auth: 'operator' }, schema: { tags, security, summary: 'One application with its documents and applicant', querystring: Type.Object({ id: Id }), response: responses(QueuedSchema) } }, async (request) => {
    return ok(request, await settlement.applicationForOperator(ctx, request.query.id, requestLang(request)));
  });

  app.post('/platform/settlement/approve', { config: { auth: 'operator' }, schema: { tags, security, summary: 'Approve: create the company (or attach to companyId) and settle the user', body: ApproveBody, response: responses(ApplicationSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, settlement.toApplication(ctx.storage, await settlement.approve(ctx, user.id, request.body), requestLang(request)), { zh: '已通过', en: 'Approved' });
  });

  app.post('/platform/settlement/reject', { config: { auth: 'operator' }, schema: { tags, security, summary: 'Reject with a reason (the applicant may correct and resubmit)', body: RejectBody, response: responses(ApplicationSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, settlement.toApplication(ctx.storage, await settlement.reject(ctx, user.id, request.body), requestLang(request)), { zh: '已驳回', en: 'Rejected' });
  });

  app.get('/platform/land/list', { config: { auth: 'operator' }, schema: { tags, security, summary: 'Every lace-industry area, open or not', response: responses(Type.Array(LandSchema)) } }, async (request) => {
    return ok(request, await settlement.settledLands(ctx.db, false));
  });

  app.post('/platform/land/save', { config: { auth: 'operator' }, schema: { tags, security, summary: 'Add (no id) or edit a lace-industry area', body: SaveLandBody, response: responses(LandSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await settlement.saveLand(ctx, user.id, request.body), { zh: '已保存', en: 'Saved' });
  });

  app.post('/platform/company/list', { config: { auth: 'operator' }, schema: { tags, security, summary: 'Companies by status and name', body: CompanyListBody, response: responses(CompanyPage) } }, async (request) => {
    return ok(request, await companies(ctx, request.body));
  });

  app.post('/platform/company/suspend', { config: { auth: 'operator' }, schema: { tags, security, summary: 'Suspend a company with a reason: its products go off sale', body: SuspendBody, response: responses(CompanySchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await setCompanySuspended(ctx, user.id, { ...request.body, suspend: true }), { zh: '已暂停', en: 'Suspended' });
  });

  app.post('/platform/company/restore', { config: { auth: 'operator' }, schema: { tags, security, summary: 'Restore a suspended company with a reason: its products are on sale again', body: SuspendBody, response: responses(CompanySchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await setCompanySuspended(ctx, user.id, { ...request.body, suspend: false }), { zh: '已恢复', en: 'Restored' });
  });

  app.post('/platform/audit/list', { config: { auth: 'operator' }, schema: { tags, security, summary: 'The audit log of operator actions, newest first, filterable', body: AuditBody, response: responses(AuditPage) } }, async (request) => {
    return ok(request, await auditLog(ctx, request.body, requestLang(request)));
  });
}
