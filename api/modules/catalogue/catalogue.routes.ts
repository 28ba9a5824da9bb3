import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { PatternType } from '../../../isomorphic/domain/catalogue';
import { ok, responses } from '../../http/envelope';
import { Id, PageQuery } from '../../http/schemas';
import { ColourCardSchema, ListingPageSchema, ProductDetailSchema, ProductQuerySchema, SearchListingPageSchema, TextSearchQuerySchema } from './catalogue.schemas';
import { getCatalogueVersion, getColourCards, getProductDetail, listCatalogue, listHomeProducts, searchCatalogue, withVerifiedCompanies, type CatalogueDeps } from './catalogue.service';
import type { ProductFilter, ProductSort } from './catalogue.queries';
import { fillMissingTerms } from './search-index';

// Empty filters are sent as "patternType=" by the pages; they mean "any".
const PatternTypeFilter = Type.Union([Type.Literal(''), ...Object.values(PatternType).map((v) => Type.Literal(v))], { description: 'PatternType code, or empty for any' });
const KindFilter = Type.Union([Type.Literal(''), Type.Integer({ minimum: 1, maximum: 2 })], { description: '1 lace pattern, 2 garment, or empty for any' });

type ProductQuery = Static<typeof ProductQuerySchema>;
const given = <T>(v: T | '' | null | undefined): T | undefined => (v === '' || v === null || v === undefined ? undefined : v);

/** The filter of a ProductQuery: kind 1 unless given ('' = any). */
function filterOf(q: ProductQuery, kind?: number): ProductFilter {
  return {
    kind: kind ?? (q.kind === undefined ? 1 : given(q.kind)),
    patternType: given(q.patternType),
    shape: given(q.shape),
    unit: given(q.unit),
    edge: given(q.edge),
    craft: given(q.craft),
    stretch: given(q.stretch),
    priceMin: given(q.priceMin),
    priceMax: given(q.priceMax),
    companyId: given(q.companyId),
  };
}

const sortOf = (q: ProductQuery): ProductSort => {
  const s = given(q.sort);
  return s === undefined || s === 'relevance' ? 'newest' : s;
};

export async function catalogueRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const cat: CatalogueDeps = { db: deps.db.db, storage: deps.storage, dialect: deps.db.dialect };

  // An install upgraded from before product_search_terms (SQLite) has no tokens for its products: they are
  // written in the background after the start, a chunk at a time (searches meanwhile analyse such products
  // again when they rank them, so the results are the same, only slower).
  let closing = false;
  let filling: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    filling = fillMissingTerms({ db: deps.db.db, dialect: deps.db.dialect }, () => closing)
      .then((n) => { if (n > 0) app.log.info({ products: n }, 'text search: tokens written for products indexed before they were kept'); })
      .catch((err) => app.log.error({ err }, 'text search: writing the missing tokens failed'));
  });
  app.addHook('onClose', async () => {
    closing = true;
    await filling;
  });

  app.get('/product/listLSKHomeProduct', {
    config: { auth: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Products on sale for the home page, newest first, and which of their companies carry the verified badge',
      querystring: Type.Object({ ...PageQuery, patternType: Type.Optional(PatternTypeFilter), kind: Type.Optional(KindFilter) }),
      response: responses(ListingPageSchema),
    },
  }, async (request) => {
    const { pageNum, pageSize, patternType, kind } = request.query;
    const page = await listHomeProducts(cat, {
      pageNum,
      pageSize,
      patternType: patternType === '' || patternType === undefined ? undefined : patternType,
      kind: kind === '' || kind === undefined ? undefined : kind,
    });
    return ok(request, await withVerifiedCompanies(cat.db, page));
  });

  app.get('/product/catalogueVersion', {
    config: { auth: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Public: a value that changes whenever a product or a company changes (the web service\'s page cache compares it)',
      response: responses(Type.Object({ version: Type.String() })),
    },
  }, async (request) => ok(request, { version: await getCatalogueVersion(cat.db) }));

  app.post('/product/listLSKProduct', {
    config: { auth: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Products on sale with filters (pattern type, shape, unit, price range in cents, company) and a sort; patterns unless kind says otherwise; and which of their companies carry the verified badge',
      body: ProductQuerySchema,
      response: responses(ListingPageSchema),
    },
  }, async (request) => {
    const q = request.body;
    return ok(request, await withVerifiedCompanies(cat.db, await listCatalogue(cat, filterOf(q), sortOf(q), q)));
  });

  app.get('/clothes/listClothes', {
    config: { auth: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Garments on sale, with the filters and sorts of /product/listLSKProduct',
      querystring: ProductQuerySchema,
      response: responses(ListingPageSchema),
    },
  }, async (request) => {
    const q = request.query;
    return ok(request, await withVerifiedCompanies(cat.db, await listCatalogue(cat, filterOf(q, 2), sortOf(q), q)));
  });

  app.post('/product/searchLace', {
    config: { auth: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Text search (Chinese and English) with the listing filters; ranked by relevance unless sorted, title words highlighted',
      body: TextSearchQuerySchema,
      response: responses(SearchListingPageSchema),
    },
  }, async (request) => {
    const q = request.body;
    const s = given(q.sort);
    return ok(request, await withVerifiedCompanies(cat.db, await searchCatalogue(cat, q.keyword ?? '', filterOf(q), s === undefined ? 'relevance' : s, q)));
  });

  app.get('/product/getProduct/:id', {
    config: { auth: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'One product with its images and colour cards (404 unknown, 410 removed); counts a view',
      params: Type.Object({ id: Id }),
      response: responses(ProductDetailSchema),
    },
  }, async (request) => ok(request, await getProductDetail(cat, request.params.id)));

  app.get('/productColor/getColorCards', {
    config: { auth: 'public' },
    schema: {
      tags: ['catalogue'],
      summary: 'Colour cards of a product',
      querystring: Type.Object({ productId: Id }),
      response: responses(Type.Array(ColourCardSchema)),
    },
  }, async (request) => ok(request, await getColourCards(cat, request.query.productId)));
}
