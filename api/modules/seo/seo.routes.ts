// For crawlers: how many pages each sitemap has and the ids of each page (the web service writes the XML).
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import type { SitemapEntry, SitemapIndex } from '../../../isomorphic/contracts/catalogue';
import { ok, responses } from '../../http/envelope';
import { assertSame, type Same } from '../../http/schemas';
import { sitemapCounts, sitemapPage } from '../catalogue/catalogue.service';
import { countActiveCompanies, lastCompanyChange, sitemapCompanies } from '../company/company.service';
import { ProductKind } from '../../../isomorphic/domain/catalogue';

/** At most this many URLs per sitemap file (the sitemaps.org limit). */
export const SITEMAP_MAX = 50_000;

const SitemapIndexSchema = Type.Object({ products: Type.Integer(), garments: Type.Integer(), companies: Type.Integer(), lastModified: Type.String({ format: 'date-time' }) });
const SitemapEntrySchema = Type.Object({ id: Type.Integer(), updatedAt: Type.String({ format: 'date-time' }) });
assertSame<Same<Static<typeof SitemapIndexSchema>, SitemapIndex>>();
assertSame<Same<Static<typeof SitemapEntrySchema>, SitemapEntry>>();

export async function seoRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = deps.db.db;

  app.get('/seo/sitemapIndex', {
    config: { auth: 'public' },
    schema: {
      tags: ['seo'],
      summary: 'Counts of public products, garments and companies, and the newest change, for the sitemap index',
      response: responses(SitemapIndexSchema),
    },
  }, async (request) => {
    const [counts, companies, companyChange] = await Promise.all([sitemapCounts(db), countActiveCompanies(db), lastCompanyChange(db)]);
    const times = [counts.lastModified, companyChange].filter((t): t is string => !!t).map((t) => Date.parse(t));
    const lastModified = new Date(times.length ? Math.max(...times) : 0).toISOString();
    return ok(request, { products: counts.products, garments: counts.garments, companies, lastModified });
  });

  app.get('/seo/sitemap', {
    config: { auth: 'public' },
    schema: {
      tags: ['seo'],
      summary: `One sitemap page: ids and change times of public products, garments or companies, by id (pageSize at most ${SITEMAP_MAX})`,
      querystring: Type.Object({
        type: Type.Union([Type.Literal('product'), Type.Literal('garment'), Type.Literal('company')]),
        page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
        pageSize: Type.Integer({ minimum: 1, maximum: SITEMAP_MAX, default: SITEMAP_MAX }),
      }),
      response: responses(Type.Array(SitemapEntrySchema)),
    },
  }, async (request) => {
    const { type, page, pageSize } = request.query;
    const offset = (page - 1) * pageSize;
    if (type === 'company') {
      const rows = await sitemapCompanies(db, offset, pageSize);
      return ok(request, rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updated_at).toISOString() })));
    }
    return ok(request, await sitemapPage(db, type === 'garment' ? ProductKind.GARMENT : ProductKind.PATTERN, offset, pageSize));
  });
}
