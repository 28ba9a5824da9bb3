import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import type { FavouriteState, FollowedCompany, FollowedProduct } from '../../../isomorphic/contracts/catalogue';
import { ok, requestLang, responses } from '../../http/envelope';
import type { FollowedSupply } from '../../../isomorphic/contracts/supply';
import { SupplyListItemSchema } from '../supply/supply.schemas';
import { assertSame, Id, PageOf, PageQuery, type Same } from '../../http/schemas';
import { signedInUser } from '../account/guard';
import { CompanySummarySchema } from '../company/company.schemas';
import { ProductSummarySchema } from '../catalogue/catalogue.schemas';
import { favouriteStatus, listFollowedCompanies, listFollowedProducts, listFollowedSupplies, setFavourite, type FavouriteDeps } from './favourite.service';

const TypeSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], { description: '1 company, 2 product, 3 supply' });
const StateSchema = Type.Object({ followed: Type.Boolean() });
const FollowedAt = Type.Object({ followedAt: Type.String({ format: 'date-time' }) });
const FollowedCompanySchema = Type.Composite([CompanySummarySchema, FollowedAt]);
const FollowedProductSchema = Type.Composite([ProductSummarySchema, FollowedAt]);
const FollowedSupplySchema = Type.Composite([SupplyListItemSchema, FollowedAt]);

assertSame<Same<Static<typeof StateSchema>, FavouriteState>>();
assertSame<Same<Static<typeof FollowedCompanySchema>, FollowedCompany>>();
assertSame<Same<Static<typeof FollowedProductSchema>, FollowedProduct>>();
assertSame<Same<Static<typeof FollowedSupplySchema>, FollowedSupply>>();

export async function favouriteRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const fav: FavouriteDeps = { db: deps.db.db, storage: deps.storage };

  app.post('/favorite/favoriteBus', {
    config: { auth: 'user' },
    schema: {
      tags: ['favourite'],
      summary: 'Follow (idempotent) or unfollow a company, product or supply; signed in only (210018 otherwise)',
      security: [{ token: [] }],
      body: Type.Object({ type: TypeSchema, targetId: Id, follow: Type.Boolean() }),
      response: responses(StateSchema),
    },
  }, async (request) => {
    const user = signedInUser(request);
    const { type, targetId, follow } = request.body;
    return ok(request, await setFavourite(fav, user.id, type, targetId, follow));
  });

  app.get('/favorite/status', {
    config: { auth: 'optional' },
    schema: {
      tags: ['favourite'],
      summary: 'Whether the signed-in user follows a target (false for guests)',
      querystring: Type.Object({ type: TypeSchema, targetId: Id }),
      response: responses(StateSchema),
    },
  }, async (request) => {
    const user = request.user;
    return ok(request, await favouriteStatus(fav, user?.id ?? null, request.query.type, request.query.targetId));
  });

  app.post('/favorite/listCompany', {
    config: { auth: 'user' },
    schema: {
      tags: ['favourite'],
      summary: 'Followed companies, newest followed first',
      security: [{ token: [] }],
      body: Type.Object(PageQuery),
      response: responses(PageOf(FollowedCompanySchema)),
    },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await listFollowedCompanies(fav, user.id, request.body, requestLang(request)));
  });

  app.post('/favorite/listProduct', {
    config: { auth: 'user' },
    schema: {
      tags: ['favourite'],
      summary: 'Followed products, newest followed first',
      security: [{ token: [] }],
      body: Type.Object(PageQuery),
      response: responses(PageOf(FollowedProductSchema)),
    },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await listFollowedProducts(fav, user.id, request.body));
  });

  app.post('/favorite/listSupply', {
    config: { auth: 'user' },
    schema: {
      tags: ['favourite'],
      summary: 'Followed supply offers, newest followed first (details only for buyers)',
      security: [{ token: [] }],
      body: Type.Object(PageQuery),
      response: responses(PageOf(FollowedSupplySchema)),
    },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await listFollowedSupplies(fav, user, request.body, requestLang(request)));
  });
}
