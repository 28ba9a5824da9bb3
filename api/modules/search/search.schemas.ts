// TypeBox schemas of the search calls, checked against isomorphic/contracts/search.ts.
import { Type, type Static } from '@sinclair/typebox';
import type { SearchHit, SearchHitDetail, SearchStarted, SearchStatus } from '../../../isomorphic/contracts/search';
import { assertSame, PageOf, PageQuery, type Same } from '../../http/schemas';
import { ColourCardSchema, ProductSummarySchema } from '../catalogue/catalogue.schemas';

export const SearchKeyParams = Type.Object({ searchKey: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

export const EncodedBody = Type.Object({
  image: Type.String({ minLength: 1, description: 'the image, base64 (a data: URL is accepted)' }),
});

export const SearchModeSchema = Type.Union([Type.Literal('all'), Type.Literal('shape')], {
  description: "all: pattern, texture and (when the photo still carries it) colour; shape: colour left out, for a photo under coloured light or of another colourway",
});

/** ?mode= of POST /search/encoded (checked by hand there: that route's body is raw bytes or JSON). */
export const EncodedQuery = Type.Object({ mode: Type.Optional(SearchModeSchema) }, { additionalProperties: false });

export const UrlBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 1024, description: 'a storage path (e.g. search/web-….jpg) or a URL of a file on our own storage' }),
  mode: Type.Optional(SearchModeSchema),
});

export const SearchStartedSchema = Type.Object({ searchKey: Type.String() });

/** A search's public id: random below 2^48 (see the 2026112208 migration). */
export const SearchId = Type.Integer({ minimum: 1, maximum: 2 ** 48 });
export const ResultQuery = Type.Object({ searchId: SearchId, ...PageQuery });

export const SearchHitSchema = Type.Composite([ProductSummarySchema, Type.Object({ rank: Type.Integer(), similarity: Type.Number() })]);

export const SearchHitDetailSchema = Type.Composite([
  SearchHitSchema,
  Type.Object({
    company: Type.Object({ id: Type.Integer(), name: Type.String(), nameEn: Type.String(), abbreviation: Type.String(), logoUrl: Type.String() }),
    colourCards: Type.Array(ColourCardSchema),
  }),
]);

export const SearchHitPage = PageOf(SearchHitSchema);
export const SearchHitDetailPage = PageOf(SearchHitDetailSchema);

export const SearchStatusSchema = Type.Object({
  ready: Type.Boolean(),
  indexed: Type.Integer(),
  complete: Type.Integer(),
  total: Type.Integer(),
  entries: Type.Integer(),
  model: Type.String(),
  backend: Type.String(),
  nearestNeighbours: Type.Union([Type.Literal('flat'), Type.Literal('hnsw'), Type.Literal('pgvector')]),
  queued: Type.Integer(),
});

assertSame<Same<Static<typeof SearchStartedSchema>, SearchStarted>>();
assertSame<Same<Static<typeof SearchHitSchema>, SearchHit>>();
assertSame<Same<Static<typeof SearchHitDetailSchema>, SearchHitDetail>>();
assertSame<Same<Static<typeof SearchStatusSchema>, SearchStatus>>();
