// Response schemas of the catalogue, checked against isomorphic/api-client/types.ts at compile time.
import { Type, type Static } from '@sinclair/typebox';
import type { ColourCard, ProductDetail, ProductImage, ProductSummary } from '../../../isomorphic/api-client/types';
import { assertSame, Nullable, type Same } from '../../http/schemas';

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
  }),
]);

assertSame<Same<Static<typeof ProductSummarySchema>, ProductSummary>>();
assertSame<Same<Static<typeof ProductImageSchema>, ProductImage>>();
assertSame<Same<Static<typeof ColourCardSchema>, ColourCard>>();
assertSame<Same<Static<typeof ProductDetailSchema>, ProductDetail>>();
