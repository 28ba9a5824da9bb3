// Schemas of the company calls; CompanySummarySchema is also the favourite and shop modules' company.
import { Type, type Static } from '@sinclair/typebox';
import type { CompanyInfo, CompanySummary } from '../../../isomorphic/contracts/common';
import { assertSame, Nullable, type Same } from '../../http/schemas';

export const CompanySummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameEn: Type.String(),
  abbreviation: Type.String(),
  kind: Type.Integer({ description: '1 manufacturer, 2 trader' }),
  logoUrl: Type.String(),
  mainBusiness: Type.String(),
  mainBusinessEn: Type.String(),
  province: Type.String({ description: 'province name' }),
  city: Type.String({ description: 'city name' }),
  productCount: Type.Integer(),
});

export const CompanyInfoSchema = Type.Composite([
  CompanySummarySchema,
  Type.Object({
    intro: Type.String(),
    introEn: Type.String(),
    tel: Type.String(),
    address: Type.String(),
    bannerUrl: Type.String(),
    lat: Nullable(Type.Number()),
    lng: Nullable(Type.Number()),
    establishedAt: Nullable(Type.String()),
    staffCount: Nullable(Type.Integer()),
    workshopArea: Nullable(Type.Integer({ description: 'm²' })),
  }),
]);

assertSame<Same<Static<typeof CompanySummarySchema>, CompanySummary>>();
assertSame<Same<Static<typeof CompanyInfoSchema>, CompanyInfo>>();
