// Cart calls of SPEC §7. Every call acts on the signed-in user's own cart only.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, responses } from '../../http/envelope';
import { signedInUser } from '../account/guard';
import { AddToCartBody, BuyTypeSchema, CartCountSchema, CartGroupSchema, CartLineSchema, DeleteLinesBody, SetBuyNumBody } from './cart.schemas';
import * as cart from './cart.service';

export async function cartRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx: cart.CartDeps = { db: deps.db.db, storage: deps.storage };
  const db = ctx.db;
  const tags = ['cart'];
  const security = [{ token: [] }];

  app.post('/shoppingCart/addShoppingCart', {
    config: { auth: 'user' },
    schema: {
      tags, security, summary: 'Add a colour card of a product on sale; the same colour (same buy type) replaces its quantity',
      body: AddToCartBody, response: responses(CartLineSchema),
    },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await cart.addToCart(ctx, user, request.body), { zh: '已加入购物车', en: 'Added to the cart' });
  });

  app.post('/shoppingCart/listShoppingCart', {
    config: { auth: 'user' },
    schema: { tags, security, summary: 'My cart of one buy type, grouped by company', body: Type.Object({ buyType: BuyTypeSchema }), response: responses(Type.Array(CartGroupSchema)) },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await cart.listCart(ctx, user.id, request.body.buyType));
  });

  app.post('/shoppingCart/setBuyNum', {
    config: { auth: 'user' },
    schema: { tags, security, summary: 'Change the quantity of one of my cart lines', body: SetBuyNumBody, response: responses(CartLineSchema) },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await cart.setBuyNum(ctx, user.id, request.body.id, request.body.buyNum));
  });

  app.post('/shoppingCart/deleteShoppingCart', {
    config: { auth: 'user' },
    schema: { tags, security, summary: 'Delete my cart lines by id (ids that are not mine are ignored)', body: DeleteLinesBody, response: responses(Type.Object({ deleted: Type.Integer() })) },
  }, async (request) => {
    const user = signedInUser(request);
    const deleted = await cart.deleteLines(db, user.id, request.body.ids);
    return ok(request, { deleted }, { zh: '已删除', en: 'Deleted' });
  });

  app.get('/shoppingCart/countShoppingCart', {
    config: { auth: 'user' },
    schema: { tags, security, summary: 'How many lines my cart holds, in all and per buy type', response: responses(CartCountSchema) },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await cart.countCart(db, user.id));
  });
}
