// The platform's after-sale desk. Operators are the users listed in the order settings' platformUserIds;
// everyone else is refused (210403).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ApiDeps } from '../../deps';
import { ok, requestLang } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { PageQuery } from '../../http/schemas';
import { requireUser } from '../account/session';
import { decideAfterSale, openAfterSales } from './after-sale.service';
import { AfterSaleSchema, DecideAfterSaleBody, orderResponses } from './order.schemas';
import { defaultOrderSettings, type OrderSettings } from './order.settings';
import { toAfterSale } from './order.views';

export async function platformRoutes(fastify: FastifyInstance, opts: { deps: ApiDeps; settings?: Partial<OrderSettings> }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { platformUserIds } = { ...defaultOrderSettings, ...opts.deps.config.orders, ...opts.settings };
  const db = opts.deps.db.db;
  const tags = ['platform'];
  const security = [{ token: [] }];
  const operator = async (request: FastifyRequest) => {
    const user = await requireUser(db, request);
    if (!platformUserIds.includes(user.id)) throw forbidden();
    return user;
  };

  app.post('/platform/afterSale/list', {
    schema: { tags, security, summary: 'Open after-sale requests (0 applied, 1 intervened), oldest first', body: Type.Object(PageQuery), response: orderResponses(Type.Array(AfterSaleSchema)) },
  }, async (request) => {
    await operator(request);
    const { pageNum, pageSize } = request.body;
    const rows = await openAfterSales(db, pageSize, (pageNum - 1) * pageSize);
    return ok(request, rows.map((r) => toAfterSale(r, requestLang(request))));
  });

  app.post('/platform/afterSale/decide', {
    schema: { tags, security, summary: 'Decide an after-sale request: 1 intervene, 2 approve (order terminated), 3 reject (order continues)', body: DecideAfterSaleBody, response: orderResponses(AfterSaleSchema) },
  }, async (request) => {
    const user = await operator(request);
    return ok(request, toAfterSale(await decideAfterSale(db, user.id, request.body), requestLang(request)));
  });
}
