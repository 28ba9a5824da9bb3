import type { FastifyInstance } from 'fastify';
import { ok, requestLang, responses } from '../../http/envelope';
import type { ModuleOptions } from '../../deps';
import { signedInUser } from '../account/guard';
import * as service from './consignee.service';
import { AddConsigneeBody, ConsigneeIdBody, ConsigneeIdParams, ConsigneeListSchema, ConsigneeSchema, EditConsigneeBody, Nothing } from './consignee.schemas';

export async function consigneeRoutes(app: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const db = deps.db.db;
  const tags = ['consignee'];
  const security = [{ token: [] }];

  app.get('/consignee/listConsignee', { config: { auth: 'user' }, schema: { tags, security, summary: 'My delivery addresses, default first', response: responses(ConsigneeListSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await service.listConsignees(db, user.id, requestLang(request)));
  });

  app.post('/consignee/addConsignee', { config: { auth: 'user' }, schema: { tags, security, summary: 'Add an address (at most 8; the first becomes the default)', body: AddConsigneeBody, response: responses(ConsigneeSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await service.addConsignee(db, user.id, request.body as service.ConsigneeInput, requestLang(request)), { zh: '地址已添加', en: 'Address added' });
  });

  app.post('/consignee/editorConsignee', { config: { auth: 'user' }, schema: { tags, security, summary: 'Edit one of my addresses', body: EditConsigneeBody, response: responses(ConsigneeSchema) } }, async (request) => {
    const user = signedInUser(request);
    const { id, ...input } = request.body as service.ConsigneeInput & { id: number };
    return ok(request, await service.editConsignee(db, user.id, id, input, requestLang(request)), { zh: '地址已保存', en: 'Address saved' });
  });

  app.post('/consignee/deleteConsignee', { config: { auth: 'user' }, schema: { tags, security, summary: 'Delete one of my addresses', body: ConsigneeIdBody, response: responses(Nothing) } }, async (request) => {
    const user = signedInUser(request);
    await service.deleteConsignee(db, user.id, (request.body as { id: number }).id);
    return ok(request, null, { zh: '地址已删除', en: 'Address deleted' });
  });

  app.post('/consignee/setDefault/:id', { config: { auth: 'user' }, schema: { tags, security, summary: 'Make one of my addresses the default (POST: a link or an image cannot change it)', params: ConsigneeIdParams, response: responses(Nothing) } }, async (request) => {
    const user = signedInUser(request);
    await service.setDefaultConsignee(db, user.id, (request.params as { id: number }).id);
    return ok(request, null, { zh: '已设为默认地址', en: 'Default address set' });
  });
}
