// Catalogue pages over HTTP against the real, seeded api: filtered galleries and their links, text search
// with highlighting, company pages, JSON-LD and Open Graph, robots.txt, 404/410; and the sitemap index
// and files against a stand-in api that reports 100,001 products (the split at 50,000 URLs per file).
import t from 'tap';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Page, ProductSummary, CompanyInfo } from '../../../isomorphic/contracts/common';
import { buildTestWeb, startSeededApi, PUBLIC_URL, type TestApi } from '../../helpers/web';
import { loadConfig } from '../../../config/index';
import { buildWebApp } from '../../../server/app';

let api: TestApi;
let web: FastifyInstance;
let all: ProductSummary[];

async function apiPost<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await res.json()) as { data: T }).data;
}

const cardHrefs = (html: string) => [...html.matchAll(/class="card__link" href="\/flower\/(\d+)"/g)].map((m) => Number(m[1]));
const ldBlocks = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);

t.before(async () => {
  api = await startSeededApi({ products: 30 });
  web = await buildTestWeb(api.url);
  all = (await apiPost<Page<ProductSummary>>('/product/listLSKProduct', { pageNum: 1, pageSize: 100, kind: 1 })).list;
});
t.teardown(async () => {
  await web?.close();
  await api?.close();
});

t.test('a filtered gallery renders exactly the matching patterns, its own canonical and real filter links', async (t) => {
  const type = all[0].patternType;
  const expected = await apiPost<Page<ProductSummary>>('/product/listLSKProduct', { pageNum: 1, pageSize: 20, kind: 1, patternType: type, sort: 'priceAsc' });
  const res = await web.inject({ url: `/flower?patternType=${type}&sort=priceAsc` });
  t.equal(res.statusCode, 200);
  t.ok(expected.list.length > 0, 'the api has patterns of this type');
  t.same(cardHrefs(res.body), expected.list.map((p) => p.id), 'the cards are the api answer, in its order');
  t.match(res.body, `<link rel="canonical" href="${PUBLIC_URL}/flower?patternType=${type}&amp;sort=priceAsc"/>`);
  t.match(res.body, `hrefLang="en" href="${PUBLIC_URL}/flower?patternType=${type}&amp;sort=priceAsc&amp;lang=en"`);
  t.match(res.body, new RegExp(`class="filters__option is-active" aria-current="true" href="/flower\\?patternType=${type}&amp;sort=priceAsc"`), 'the chosen type is marked');
  t.match(res.body, `href="/flower?sort=priceAsc"`, 'the "all" link drops the type and keeps the sort');
  t.match(res.body, `href="/flower?patternType=${type}&amp;sort=popular"`, 'sort links keep the filter');
  t.match(res.body, /<form[^>]*action="\/flower"[^>]*method="get"|<form[^>]*method="get"[^>]*action="\/flower"/, 'the price range is a GET form');
  t.match(res.body, /<meta property="og:image" content="http:\/\/lace\.test\//, 'Open Graph image is absolute');
  t.ok(ldBlocks(res.body).some((b) => b['@type'] === 'BreadcrumbList'), 'BreadcrumbList JSON-LD');
});

t.test('edge, craft and stretch filter the pattern galleries and the search as real links (zh and en)', async (t) => {
  // The seed gives every pattern these attributes: the links must find exactly the seeded patterns.
  const rows = await api.db.db.selectFrom('product').select(['id', 'edge', 'craft', 'stretch']).where('kind', '=', 1).execute();
  const idsOf = (keep: (r: typeof rows[number]) => boolean) => rows.filter(keep).map((r) => r.id).sort((x, y) => x - y);
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const craftCounts = new Map<number, number>();
  for (const r of rows) if (r.craft !== null) craftCounts.set(r.craft, (craftCounts.get(r.craft) ?? 0) + 1);
  // a craft with fewer patterns than a gallery page holds, so the page shows them all
  const craft = [...craftCounts].filter(([, n]) => n <= 20).sort((x, y) => y[1] - x[1])[0][0];
  const byCraft = await web.inject({ url: `/flower?craft=${craft}` });
  t.equal(byCraft.statusCode, 200);
  t.ok(idsOf((r) => r.craft === craft).length > 0, 'seeded patterns have the craft');
  t.same(sorted(cardHrefs(byCraft.body)), idsOf((r) => r.craft === craft), 'exactly the seeded patterns of that craft');
  t.match(byCraft.body, new RegExp(`class="filters__option is-active" aria-current="true" href="/flower\\?craft=${craft}"`), 'the chosen craft is marked');
  t.match(byCraft.body, `href="/flower?edge=410011&amp;craft=${craft}"`, 'an edge link keeps the craft, in the one URL order');
  t.match(byCraft.body, '>列维斯<', 'craft names in Chinese');
  const byEdge = await web.inject({ url: '/flower?edge=410011' });
  t.ok(idsOf((r) => r.edge === 410011).length > 0, 'seeded patterns have an eyelash edge');
  t.same(sorted(cardHrefs(byEdge.body)), idsOf((r) => r.edge === 410011), 'exactly the eyelash-edged patterns');
  const both = await web.inject({ url: '/flower?edge=410011&stretch=430011' });
  t.same(sorted(cardHrefs(both.body)), idsOf((r) => r.edge === 410011 && r.stretch === 430011), 'edge and stretch together');
  const rigid = await web.inject({ url: '/flower?stretch=430010' });
  t.ok(cardHrefs(rigid.body).length > 0 && cardHrefs(rigid.body).every((id) => rows.find((r) => r.id === id)?.stretch === 430010), 'rigid patterns only');
  const en = await web.inject({ url: '/flower?edge=410011&lang=en' });
  t.match(en.body, '>Stretch<', 'the row in English');
  t.match(en.body, '>Leavers<');
  const bad = await web.inject({ url: '/flower?craft=999' });
  t.equal(bad.statusCode, 301, 'an unknown code is dropped by the redirect to the one URL');
  t.equal(bad.headers.location, '/flower');
  const search = await web.inject({ url: `/homeSearch?keyword=${encodeURIComponent(all[0].title.slice(0, 2))}&craft=${craft}` });
  t.equal(search.statusCode, 200);
  t.match(search.body, new RegExp(`href="/homeSearch\\?keyword=[^"]*&amp;craft=${craft}`), 'the search keeps the craft in its links');
});

t.test('a price range in yuan reaches the api in cents and every card is within it', async (t) => {
  const priced = all.filter((p) => p.price !== null && p.price >= 0).map((p) => p.price as number).sort((a, b) => a - b);
  const min = priced[Math.floor(priced.length / 4)] / 100;
  const max = priced[Math.floor((priced.length * 3) / 4)] / 100;
  const res = await web.inject({ url: `/flower?priceMin=${min}&priceMax=${max}` });
  t.equal(res.statusCode, 200);
  const ids = cardHrefs(res.body);
  t.ok(ids.length > 0, 'some patterns in range');
  for (const id of ids) {
    const p = all.find((x) => x.id === id)!;
    t.ok(p.price !== null && p.price >= min * 100 && p.price <= max * 100, `pattern ${id} is within ${min}–${max}`);
  }
});

t.test('a non-normalised query redirects to the one URL of that listing; past the last page is a 404', async (t) => {
  const res = await web.inject({ url: '/flower?page=1&sort=newest&priceMin=&shape=200011&junk=1' });
  t.equal(res.statusCode, 301);
  t.equal(res.headers.location, '/flower?shape=200011');
  const lang = await web.inject({ url: '/flower?sort=newest&lang=en' });
  t.equal(lang.headers.location, '/flower?lang=en', 'the language rides along');
  t.equal((await web.inject({ url: '/flower?page=999' })).statusCode, 404);
});

t.test('pagination is links with rel prev/next, in the page and in <head>', async (t) => {
  const res = await web.inject({ url: '/flower?page=2' });
  t.equal(res.statusCode, 200);
  t.match(res.body, /<a class="button" rel="prev" href="\/flower"|<a class="button" href="\/flower" rel="prev"/);
  t.match(res.body, `<link rel="prev" href="${PUBLIC_URL}/flower"/>`);
  t.match(res.body, '<title>花型图库 第 2 页 - 花边网</title>');
});

t.test('every gallery of SPEC §2 renders with its title; copies name the primary page as canonical', async (t) => {
  const pages: Array<[string, string, string]> = [
    ['/flower', '花型图库', '/flower'],
    ['/goodAndNew', '新品好货', '/goodAndNew'],
    ['/clothesGallery', '服装图库', '/clothesGallery'],
    ['/processDesign', '工艺定制', '/processDesign'],
    ['/home/clothes/list', '服装图库', '/clothesGallery'],
    ['/home/best', '精品推荐', '/home/best'],
    ['/home/productGallery', '花型图库', '/flower'],
    ['/home/clothesGallery', '服装图库', '/clothesGallery'],
    ['/home/listChothes', '服装图库', '/clothesGallery'],
    ['/home/list', '花型图库', '/flower'],
    ['/home/threeDDress', '3D 服装', '/home/threeDDress'],
    ['/home/processDesign', '工艺定制', '/processDesign'],
    ['/home/suppiesInfo', '现货供应', '/home/suppiesInfo'],
  ];
  for (const [url, title, canonical] of pages) {
    const res = await web.inject({ url });
    t.equal(res.statusCode, 200, url);
    t.match(res.body, `<title>${title} - 花边网</title>`, `${url} title`);
    t.match(res.body, `<link rel="canonical" href="${PUBLIC_URL}${canonical}"/>`, `${url} canonical`);
  }
  const en = await web.inject({ url: '/clothesGallery?lang=en' });
  t.match(en.body, '<title>Garment gallery - LaceHub</title>');
});

t.test('text search highlights the matched words, in Chinese and in English; empty and no-result states', async (t) => {
  const zh = await web.inject({ url: `/homeSearch?keyword=${encodeURIComponent('蕾丝')}` });
  t.equal(zh.statusCode, 200);
  t.match(zh.body, '<mark>蕾丝</mark>');
  t.match(zh.body, '<meta name="robots" content="noindex, follow"/>');
  const en = await web.inject({ url: '/home/search/text?keyword=lace&lang=en' });
  t.equal(en.statusCode, 200);
  t.match(en.body, /<mark>lace<\/mark>/i);
  t.match(en.body, 'Results for “lace”');
  const empty = await web.inject({ url: '/homeSearch' });
  t.match(empty.body, 'data-state="prompt"');
  t.match(empty.body, '请输入花型名称');
  const none = await web.inject({ url: `/homeSearch?keyword=${encodeURIComponent('zzqqxxunlikely')}&lang=en` });
  t.equal(none.statusCode, 200);
  t.match(none.body, 'data-state="no-results"');
  t.match(none.body, 'Nothing matches “zzqqxxunlikely”');
  const symbols = await web.inject({ url: `/homeSearch?keyword=${encodeURIComponent('%%%***!!!')}` });
  t.equal(symbols.statusCode, 200, 'symbols only is an answer, not an error');
  const long = await web.inject({ url: `/homeSearch?keyword=${'蕾'.repeat(1000)}` });
  t.equal(long.statusCode, 301, 'a 1,000-character keyword is cut to the normalised length');
});

t.test('the header search box submits to /homeSearch', async (t) => {
  const res = await web.inject({ url: '/' });
  t.match(res.body, /<form[^>]*action="\/homeSearch"/);
});

t.test('a company page has its products, Organization JSON-LD and a follow link; unknown 404, removed 410', async (t) => {
  const companyId = all[0].companyId;
  const info = ((await (await fetch(`${api.url}/company/getCompanyInfo?companyId=${companyId}`)).json()) as { data: CompanyInfo }).data;
  const res = await web.inject({ url: `/company/${companyId}` });
  t.equal(res.statusCode, 200);
  t.match(res.body, `<h1 class="site__name">${info.name}</h1>`);
  const org = ldBlocks(res.body).find((b) => b['@type'] === 'Organization');
  t.ok(org, 'Organization JSON-LD');
  t.equal(org?.name, info.name);
  t.equal(org?.url, `${PUBLIC_URL}/company/${companyId}`);
  for (const id of cardHrefs(res.body)) t.equal(all.find((p) => p.id === id)?.companyId, companyId, `pattern ${id} is theirs`);
  t.match(res.body, `href="/login?redirect=%2Fcompany%2F${companyId}"`, 'a guest is sent to sign in');
  t.equal((await web.inject({ url: '/company/99999999' })).statusCode, 404);
  t.equal((await web.inject({ url: '/company/abc' })).statusCode, 404);
  const removed = all.find((p) => p.companyId !== companyId)!.companyId;
  await api.db.db.updateTable('company').set({ status: 0 } as never).where('id', '=', removed).execute();
  t.equal((await web.inject({ url: `/company/${removed}` })).statusCode, 410);
});

t.test('the product page: Product with Offer in CNY, BreadcrumbList, Open Graph image, collect link', async (t) => {
  const p = all.find((x) => x.price !== null && x.price >= 0)!;
  const res = await web.inject({ url: `/flower/${p.id}` });
  t.equal(res.statusCode, 200);
  const blocks = ldBlocks(res.body);
  const product = blocks.find((b) => b['@type'] === 'Product') as { offers?: { priceCurrency: string; price: string } };
  t.equal(product.offers?.priceCurrency, 'CNY');
  t.equal(product.offers?.price, (p.price! / 100).toFixed(2));
  t.ok(blocks.some((b) => b['@type'] === 'BreadcrumbList'));
  t.match(res.body, /<meta property="og:image" content="http:\/\/lace\.test\/[^"]+"/);
  t.match(res.body, '<meta property="og:type" content="product"/>');
  t.match(res.body, `href="/login?redirect=%2Fflower%2F${p.id}"`);
  const negotiable = all.find((x) => x.price === null || x.price < 0);
  if (negotiable) {
    const n = await web.inject({ url: `/flower/${negotiable.id}` });
    const ld = ldBlocks(n.body).find((b) => b['@type'] === 'Product')!;
    t.notOk('offers' in ld, 'no Offer when the price is by negotiation');
  }
});

t.test('quality firms list every company with links to their pages', async (t) => {
  const res = await web.inject({ url: '/home/qualityFirm' });
  t.equal(res.statusCode, 200);
  t.match(res.body, /href="\/company\/\d+"/);
  t.equal((await web.inject({ url: '/home/entryInfo?kind=1' })).statusCode, 200);
});

t.test('personal-centre favourites and custom pages: guests are sent to sign in or asked to', async (t) => {
  for (const url of ['/home/person/collectionProduct', '/home/person/collectionStore']) {
    const res = await web.inject({ url });
    t.equal(res.statusCode, 302, url);
    t.equal(res.headers.location, `/login?redirect=${encodeURIComponent(url)}`);
  }
  const custom = await web.inject({ url: '/flower/custom' });
  t.equal(custom.statusCode, 200);
  t.match(custom.body, '<title>来图定制花型 - 花边网</title>');
  t.match(custom.body, 'href="/login?redirect=%2Fflower%2Fcustom"');
  const garment = await web.inject({ url: '/home/clothes/custom?lang=en' });
  t.match(garment.body, '<title>Custom garment - LaceHub</title>');
});

t.test('robots.txt allows public pages, keeps crawlers out of private ones and names the sitemap', async (t) => {
  const res = await web.inject({ url: '/robots.txt' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /text\/plain/);
  for (const line of ['User-agent: *', 'Allow: /', 'Disallow: /home/person', 'Disallow: /api/', 'Disallow: /shoppingCart', 'Disallow: /confirmOrder', `Sitemap: ${PUBLIC_URL}/sitemap.xml`]) {
    t.ok(res.body.split('\n').includes(line), line);
  }
});

t.test('sitemap index and files split at 50,000 URLs (100,001 products)', async (t) => {
  const counts = { products: 100_001, garments: 3, companies: 12, lastModified: '2026-11-20T10:00:00.000Z' };
  const stub = Fastify();
  const asked: string[] = [];
  stub.get('/front/dicTree/byTypeKey', async () => ({ code: 0, message: 'ok', data: { data: [] } }));
  stub.get('/seo/sitemapIndex', async () => ({ code: 0, message: 'ok', data: counts }));
  stub.get<{ Querystring: { type: string; page: string; pageSize: string } }>('/seo/sitemap', async (request) => {
    const { type, page, pageSize } = request.query;
    asked.push(`${type}-${page}-${pageSize}`);
    const total = type === 'product' ? counts.products : type === 'garment' ? counts.garments : counts.companies;
    const size = Number(pageSize);
    const from = (Number(page) - 1) * size;
    const n = Math.max(0, Math.min(size, total - from));
    return { code: 0, message: 'ok', data: Array.from({ length: n }, (_, i) => ({ id: from + i + 1, updatedAt: '2026-11-01T00:00:00.000Z' })) };
  });
  await stub.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => stub.close());
  const config = loadConfig({ API_URL: `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`, PUBLIC_URL, LOG_LEVEL: 'silent' }, []);
  const seoWeb = await buildWebApp({ config, logger: false });
  t.teardown(() => seoWeb.close());

  const index = await seoWeb.inject({ url: '/sitemap.xml' });
  t.equal(index.statusCode, 200);
  t.match(index.headers['content-type'], /application\/xml/);
  t.match(index.body, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const locs = [...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>2026-11-20T10:00:00.000Z<\/lastmod><\/sitemap>/g)].map((m) => m[1]);
  t.same(locs, ['pages-1', 'product-1', 'product-2', 'product-3', 'garment-1', 'company-1'].map((n) => `${PUBLIC_URL}/sitemaps/${n}.xml`));
  t.match(index.body, /<\/sitemapindex>\n$/);

  const first = await seoWeb.inject({ url: '/sitemaps/product-1.xml' });
  t.equal(first.statusCode, 200);
  t.equal((first.body.match(/<url>/g) ?? []).length, 50_000, 'a full file holds 50,000 URLs');
  t.equal((first.body.match(/<\/url>/g) ?? []).length, 50_000, 'every url element is closed');
  t.match(first.body, `<url><loc>${PUBLIC_URL}/flower/1</loc><lastmod>2026-11-01T00:00:00.000Z</lastmod><xhtml:link rel="alternate" hreflang="zh-CN" href="${PUBLIC_URL}/flower/1?lang=zh"/>`);
  t.match(first.body, `hreflang="en" href="${PUBLIC_URL}/flower/1?lang=en"`);
  t.match(first.body, /<\/urlset>\n$/);
  const last = await seoWeb.inject({ url: '/sitemaps/product-3.xml' });
  t.equal((last.body.match(/<url>/g) ?? []).length, 1, 'the third file holds the 100,001st product');
  t.match(last.body, `<loc>${PUBLIC_URL}/flower/100001</loc>`);
  const companies = await seoWeb.inject({ url: '/sitemaps/company-1.xml' });
  t.equal((companies.body.match(/<url>/g) ?? []).length, 12);
  t.match(companies.body, `<loc>${PUBLIC_URL}/company/12</loc>`);
  const pages = await seoWeb.inject({ url: '/sitemaps/pages-1.xml' });
  t.match(pages.body, `<loc>${PUBLIC_URL}/flower</loc>`);
  t.match(pages.body, `<loc>${PUBLIC_URL}/supplyAndBuy</loc>`, 'the supply and purchase hall');
  t.ok(asked.includes('product-1-50000'), 'files ask the api for 50,000 rows');
  t.equal((await seoWeb.inject({ url: '/sitemaps/product-4.xml' })).statusCode, 404, 'past the last file');
  t.equal((await seoWeb.inject({ url: '/sitemaps/secret-1.xml' })).statusCode, 404);
  // Well-formed: no unescaped ampersand anywhere.
  t.notOk(/&(?!amp;|lt;|gt;|quot;|apos;)/.test(first.body + index.body + pages.body), 'entities escaped');
});
