// Response schemas of the catalogue, checked against isomorphic/contracts/common.ts at compile time.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { ColourCard, Page, ProductDetail, ProductImage, ProductSummary, WithVerifiedCompanies } from '../../../isomorphic/contracts/common';
import type { Part, SearchHit, SearchPage } from '../../../isomorphic/contracts/catalogue';
import { LaceCraft, LaceEdge, LaceStretch, PatternType, Shape, Unit } from '../../../isomorphic/domain/catalogue';
import { assertSame, Id, Nullable, PageOf, PageQuery, type Same } from '../../http/schemas';

export const ProductSummarySchema = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  companyName: Type.String(),
  companyNameEn: Type.String(),
  title: Type.String(),
  titleEn: Type.String(),
  code: Type.String(),
  patternType: Type.Integer(),
  shape: Type.Integer(),
  unit: Type.Integer(),
  price: Nullable(Type.Integer({ description: 'cents; null is price by negotiation' })),
  coverUrl: Type.String(),
  width: Nullable(Type.Integer({ description: 'cm' })),
  views: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const ProductImageSchema = Type.Object({ id: Type.Integer(), url: Type.String(), width: Type.Integer(), height: Type.Integer(), sort: Type.Integer() });

export const ColourCardSchema = Type.Object({
  id: Type.Integer(), productId: Type.Integer(), name: Type.String(), nameEn: Type.String(), hex: Type.String(), imageUrl: Type.String(), sort: Type.Integer(),
});

export const ProductDetailSchema = Type.Composite([
  ProductSummarySchema,
  Type.Object({
    description: Type.String(),
    descriptionEn: Type.String(),
    composition: Type.String(),
    images: Type.Array(ProductImageSchema),
    colourCards: Type.Array(ColourCardSchema),
    status: Type.Integer(),
    ladder: Type.Array(Type.Object({ from: Type.Integer(), price: Type.Integer() })),
    edge: Nullable(Type.Integer()),
    craft: Nullable(Type.Integer()),
    stretch: Nullable(Type.Integer()),
    weightPerMetre: Nullable(Type.Integer({ description: 'grams per metre, when the seller gives it' })),
  }),
]);

assertSame<Same<Static<typeof ProductSummarySchema>, ProductSummary>>();
assertSame<Same<Static<typeof ProductImageSchema>, ProductImage>>();
assertSame<Same<Static<typeof ColourCardSchema>, ColourCard>>();
assertSame<Same<Static<typeof ProductDetailSchema>, ProductDetail>>();

// Listing and search: filters are optional and an empty string or null means "any" (pages send
// "patternType=" for an unset filter row).
const anyOr = <T extends TSchema>(s: T) => Type.Optional(Type.Union([Type.Literal(''), Type.Null(), s]));
const codes = (table: Record<string, number>) => Type.Union(Object.values(table).map((v) => Type.Literal(v)));
const Cents = Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'cents' });

export const SortSchema = Type.Union([Type.Literal('newest'), Type.Literal('popular'), Type.Literal('priceAsc'), Type.Literal('priceDesc')]);

export const ProductQueryFields = {
  ...PageQuery,
  kind: anyOr(Type.Integer({ minimum: 1, maximum: 2, description: '1 pattern (default), 2 garment; empty for any' })),
  patternType: anyOr(codes(PatternType)),
  shape: anyOr(codes(Shape)),
  unit: anyOr(codes(Unit)),
  edge: anyOr(codes(LaceEdge)),
  craft: anyOr(codes(LaceCraft)),
  stretch: anyOr(codes(LaceStretch)),
  priceMin: anyOr(Cents),
  priceMax: anyOr(Cents),
  companyId: anyOr(Id),
  sort: Type.Optional(Type.Union([Type.Literal(''), Type.Null(), SortSchema, Type.Literal('relevance')], { description: 'listing default newest; search default relevance' })),
};

export const ProductQuerySchema = Type.Object(ProductQueryFields);
export const TextSearchQuerySchema = Type.Object({
  ...ProductQueryFields,
  keyword: Type.Optional(Type.Union([Type.String({ maxLength: 20_000 }), Type.Null()], { description: 'words to find; longer than 200 characters is cut' })),
});

export const PartSchema = Type.Object({ text: Type.String(), match: Type.Boolean() });
export const SearchHitSchema = Type.Composite([
  ProductSummarySchema,
  Type.Object({ score: Type.Number(), titleParts: Type.Array(PartSchema), titleEnParts: Type.Array(PartSchema) }),
]);

export const SearchPageSchema = Type.Object({
  list: Type.Array(SearchHitSchema),
  total: Type.Integer({ description: 'matches, counted up to 1,000' }),
  totalCapped: Type.Optional(Type.Boolean({ description: 'true when more than `total` matched' })),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});

/** The listings' answers: the page and which of its products' companies carry the verified badge today. */
export const VerifiedCompaniesField = {
  verifiedCompanies: Type.Array(Type.Integer(), { maxItems: 100, description: "ids of this page's products' companies that carry the verified badge today, ascending" }),
};
export const ListingPageSchema = Type.Composite([PageOf(ProductSummarySchema), Type.Object(VerifiedCompaniesField)]);
export const SearchListingPageSchema = Type.Composite([SearchPageSchema, Type.Object(VerifiedCompaniesField)]);

assertSame<Same<Static<typeof PartSchema>, Part>>();
assertSame<Same<Static<typeof ListingPageSchema>, WithVerifiedCompanies<Page<ProductSummary>>>>();
assertSame<Same<Static<typeof SearchListingPageSchema>, WithVerifiedCompanies<SearchPage>>>();
assertSame<Same<Static<typeof SearchPageSchema>, SearchPage>>();
assertSame<Same<Static<typeof SearchHitSchema>, SearchHit>>();
