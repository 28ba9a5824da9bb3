import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { PatternType } from '../../../isomorphic/domain/catalogue';
import { ok, responses } from '../../http/envelope';
import { Id, PageOf, PageQuery } from '../../http/schemas';
import { ColourCardSchema, ProductDetailSchema, ProductSummarySchema } from './catalogue.schemas';
import { getColourCards, getProductDetail, listHomeProducts } from './catalogue.service';

// Empty filters are sent as "patternType=" by the pages; they mean "any".
const PatternTypeFilter = Type.Union([Type.Literal(''), ...Object.values(PatternType).map((v) => Type.Literal(v))], { description: 'PatternType code, or empty for any' });
const KindFilter = Type.Union([Type.Literal(''), Type.Integer({ minimum: 1, maximum: 2 })], { description: '1 lace pattern, 2 garment, or empty for any' });

export async function catalogueRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const cat = { db: deps.db.db, storage: deps.storage };

  app.get('/product/listLSKHomeProduct', {
    schema: {
      tags: ['catalogue'],
      summary: 'Products on sale for the home page, newest first',
      querystring: Type.Object({ ...PageQuery, patternType: Type.Optional(PatternTypeFilter), kind: Type.Optional(KindFilter) }),
      response: responses(PageOf(ProductSummarySchema)),
    },
  }, async (request) => {
    const { pageNum, pageSize, patternType, kind } = request.query;
    const page = await listHomeProducts(cat, {
      pageNum,
      pageSize,
      patternType: patternType === '' || patternType === undefined ? undefined : patternType,
      kind: kind === '' || kind === undefined ? undefined : kind,
    });
    return ok(request, page);
  });

  app.get('/product/getProduct/:id', {
    schema: {
      tags: ['catalogue'],
      summary: 'One product with its images and colour cards (404 unknown, 410 removed); counts a view',
      params: Type.Object({ id: Id }),
      response: responses(ProductDetailSchema),
    },
  }, async (request) => ok(request, await getProductDetail(cat, request.params.id)));

  app.get('/productColor/getColorCards', {
    schema: {
      tags: ['catalogue'],
      summary: 'Colour cards of a product',
      querystring: Type.Object({ productId: Id }),
      response: responses(Type.Array(ColourCardSchema)),
    },
  }, async (request) => ok(request, await getColourCards(cat, request.query.productId)));
}
