// The files crawlers read: /robots.txt, /sitemap.xml (a sitemap index) and /sitemaps/<type>-<n>.xml, each
// file at most 50,000 URLs (sitemaps.org), so the index holds any catalogue size; counts and ids come
// from the api's /seo calls. Every URL carries its hreflang alternates; loc is the canonical (zh) form.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Got } from 'got';
import type { SitemapEntry, SitemapIndex } from '../isomorphic/contracts/catalogue';
import { canonicalLinks } from '../isomorphic/seo';

export const MAX_URLS_PER_SITEMAP = 50_000;

export interface SeoFilesOptions {
  http: Got;
  publicUrl: string;
  /** URLs per sitemap file; 50,000 unless a test wants smaller files. */
  urlsPerFile?: number;
}

type EntityType = 'product' | 'garment' | 'company';
const ENTITY_TYPES: readonly EntityType[] = ['product', 'garment', 'company'];
const COUNT_OF: Record<EntityType, keyof Omit<SitemapIndex, 'lastModified'>> = { product: 'products', garment: 'garments', company: 'companies' };
const PATH_OF: Record<EntityType, (id: number) => string> = {
  product: (id) => `/flower/${id}`,
  garment: (id) => `/flower/${id}`,
  company: (id) => `/company/${id}`,
};

/** The public pages that are not one record: galleries (canonical paths), company lists, request forms, the supply and purchase hall. */
export const STATIC_PAGES = [
  '/', '/flower', '/goodAndNew', '/clothesGallery', '/processDesign', '/home/best', '/home/threeDDress', '/home/suppiesInfo',
  '/home/qualityFirm', '/home/entryInfo', '/flower/custom', '/home/clothes/custom', '/supplyAndBuy',
];

/** Paths crawlers are asked to leave alone: personal and transactional pages, and the api. */
export const DISALLOWED = ['/home/person', '/api/', '/shoppingCart', '/confirmOrder', '/successSubmit', '/home/shopManage'];

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

function w3cDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function urlEntry(publicUrl: string, path: string, lastmod?: string): string {
  const { canonical, alternates } = canonicalLinks(publicUrl, path, 'zh');
  const alt = alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${a.hrefLang}" href="${xmlEscape(a.href)}"/>`).join('');
  return `<url><loc>${xmlEscape(canonical)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alt}</url>`;
}

export function urlSet(entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

export function sitemapFileNames(counts: SitemapIndex, perFile: number): string[] {
  const names = ['pages-1'];
  for (const type of ENTITY_TYPES) {
    const files = Math.ceil(Math.max(0, counts[COUNT_OF[type]] ?? 0) / perFile);
    for (let n = 1; n <= files; n++) names.push(`${type}-${n}`);
  }
  return names;
}

async function apiData<T>(http: Got, path: string, searchParams?: Record<string, string | number>): Promise<T | null> {
  const res = await http(path, { searchParams });
  if (res.statusCode >= 500) throw new Error(`api answered ${res.statusCode} for ${path}`);
  const body = JSON.parse(res.body) as { code: number; data: T };
  return body.code === 0 ? body.data : null;
}

export async function seoFileRoutes(app: FastifyInstance, opts: SeoFilesOptions): Promise<void> {
  const perFile = Math.min(MAX_URLS_PER_SITEMAP, Math.max(1, opts.urlsPerFile ?? MAX_URLS_PER_SITEMAP));
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const xml = (reply: FastifyReply, body: string) =>
    reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  const unavailable = (reply: FastifyReply) => reply.code(503).header('retry-after', '60').header('content-type', 'text/plain; charset=utf-8').send('Sitemap temporarily unavailable');

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(publicUrl)));

  app.get('/sitemap.xml', async (request, reply) => {
    let counts: SitemapIndex | null;
    try {
      counts = await apiData<SitemapIndex>(opts.http, 'seo/sitemapIndex');
    } catch (err) {
      request.log.warn({ err }, 'sitemap index: api unavailable');
      return unavailable(reply);
    }
    if (!counts) return unavailable(reply);
    const lastmod = w3cDate(counts.lastModified);
    const items = sitemapFileNames(counts, perFile).map(
      (name) => `<sitemap><loc>${xmlEscape(`${publicUrl}/sitemaps/${name}.xml`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`,
    );
    return xml(reply, `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const m = /^(pages|product|garment|company)-([1-9]\d{0,5})\.xml$/.exec(request.params.file);
    const notFound = () => reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
    if (!m) return notFound();
    const n = Number(m[2]);
    if (m[1] === 'pages') return n === 1 ? xml(reply, urlSet(STATIC_PAGES.map((p) => urlEntry(publicUrl, p)))) : notFound();
    const type = m[1] as EntityType;
    let entries: SitemapEntry[] | null;
    try {
      entries = await apiData<SitemapEntry[]>(opts.http, 'seo/sitemap', { type, page: n, pageSize: perFile });
    } catch (err) {
      request.log.warn({ err, type, page: n }, 'sitemap file: api unavailable');
      return unavailable(reply);
    }
    if (!entries || (entries.length === 0 && n > 1)) return notFound();
    return xml(reply, urlSet(entries.slice(0, perFile).map((e) => urlEntry(publicUrl, PATH_OF[type](e.id), w3cDate(e.updatedAt)))));
  });
}
