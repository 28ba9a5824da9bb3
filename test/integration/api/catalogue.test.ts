// The catalogue, companies, stored files and the OpenAPI document over HTTP, on each dialect, against a
// small seeded demo catalogue and the rows behind it.
import sharp from 'sharp';
import t from 'tap';
import { dialects } from '../../helpers/db';
import { createApiTestContext } from '../../helpers/api';
import { Codes } from '../../../isomorphic/domain/codes';
import { PatternType, Shape, Unit } from '../../../isomorphic/domain/catalogue';
import { Limits } from '../../../isomorphic/domain/limits';
import type { ColourCard, CompanyInfo, Page, ProductDetail, ProductSummary } from '../../../isomorphic/contracts/common';
import { demoCompanies } from '../../../api/db/seed/demo-companies';

const PRODUCTS = 16;

for (const { dialect, skip } of await dialects()) {
  t.test(dialect, { skip }, async (t) => {
    const ctx = await createApiTestContext(dialect, { products: PRODUCTS });
    t.teardown(() => ctx.cleanup());
    const db = ctx.deps.db.db;
    const publicBase = ctx.deps.config.storage.publicBase; // "/api/files": the web proxy strips "/api"
    const apiPath = (url: string) => url.replace(/^\/api(?=\/files\/)/, '');

    const home = await ctx.get<Page<ProductSummary>>(`/product/listLSKHomeProduct?pageNum=1&pageSize=${Limits.maxPageSize}`);
    const all = home.body.data.list;

    t.test('seeded rows', async (t) => {
      const count = async (table: 'company' | 'product' | 'product_image' | 'colour_card' | 'stored_file') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      t.equal(await count('company'), demoCompanies.length);
      t.ok(demoCompanies.length >= 12);
      t.equal(await count('product'), PRODUCTS);
      t.equal(await count('product_image'), PRODUCTS * 3, 'three views per product');
      const cards = await db.selectFrom('colour_card').select(['product_id', 'image_path']).execute();
      const perProduct = new Map<number, number>();
      for (const c of cards) perProduct.set(c.product_id, (perProduct.get(c.product_id) ?? 0) + 1);
      t.ok([...perProduct.values()].every((n) => n >= 2 && n <= 8), 'two to eight colour cards each');
      // Every picture is a stored file: 3 views + one per extra colour per product, a logo and banner per company.
      t.equal(await count('stored_file'), PRODUCTS * 3 + (cards.length - PRODUCTS) + demoCompanies.length * 2);
      const kinds = await db.selectFrom('company').select('kind').distinct().execute();
      t.same(kinds.map((k) => k.kind).sort(), [1, 2], 'manufacturers and traders');
      const products = await db.selectFrom('product').selectAll().execute();
      t.ok(products.every((p) => (p.kind === 1 ? /^[A-Z]{2,3}-\d{5}$/ : /^[A-Z]{2,3}-G\d{4}$/).test(p.code)), 'pattern numbers like LK-20391 (garments LK-G1234)');
      t.ok(products.some((p) => p.kind === 2) && products.filter((p) => p.kind === 2).length < PRODUCTS / 2, 'a share of garments');
      t.ok(products.every((p) => Object.values(PatternType).includes(p.pattern_type as never)));
      t.ok(products.every((p) => Object.values(Shape).includes(p.shape as never) && Object.values(Unit).includes(p.unit as never)));
      t.ok(products.every((p) => p.cover_path === `product/${p.id}/1.jpg`));
      t.ok(products.every((p) => /[\u4e00-\u9fa5]/.test(p.title) && /^[A-Z][a-z]/.test(p.title_en)), 'bilingual titles');
    });

    t.test('home listing', async (t) => {
      t.equal(home.status, 200);
      t.equal(home.body.code, Codes.OK);
      t.equal(home.body.data.total, PRODUCTS);
      t.equal(all.length, PRODUCTS);
      const times = all.map((p) => Date.parse(p.createdAt));
      t.same(times, [...times].sort((a, b) => b - a), 'newest first');
      t.ok(all.every((p) => new RegExp(`^${publicBase}/product/${p.id}/1\\.jpg\\?v=[0-9a-z]+\\.[0-9a-z]+$`).test(p.coverUrl)), 'cover URLs come from the storage driver, with the file\'s version');
      t.ok(all.every((p) => p.companyName && p.companyNameEn));

      const page1 = await ctx.get<Page<ProductSummary>>('/product/listLSKHomeProduct?pageNum=1&pageSize=5');
      const page2 = await ctx.get<Page<ProductSummary>>('/product/listLSKHomeProduct?pageNum=2&pageSize=5');
      t.same(page1.body.data.list.map((p) => p.id), all.slice(0, 5).map((p) => p.id));
      t.same(page2.body.data.list.map((p) => p.id), all.slice(5, 10).map((p) => p.id));
      t.match(page2.body.data, { total: PRODUCTS, pageNum: 2, pageSize: 5 });
      const past = await ctx.get<Page<ProductSummary>>('/product/listLSKHomeProduct?pageNum=9&pageSize=5');
      t.same(past.body.data.list, []);
      const defaults = await ctx.get<Page<ProductSummary>>('/product/listLSKHomeProduct');
      t.match(defaults.body.data, { pageNum: 1, pageSize: Limits.pageSize });

      const type = all[0].patternType;
      const filtered = await ctx.get<Page<ProductSummary>>(`/product/listLSKHomeProduct?pageSize=100&patternType=${type}&kind=`);
      t.ok(filtered.body.data.list.every((p) => p.patternType === type));
      t.equal(filtered.body.data.total, all.filter((p) => p.patternType === type).length);
      const garmentCount = Number((await db.selectFrom('product').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 2).executeTakeFirstOrThrow()).n);
      const anyType = await ctx.get<Page<ProductSummary>>('/product/listLSKHomeProduct?patternType=&kind=1');
      t.equal(anyType.body.data.total, PRODUCTS - garmentCount, 'an empty patternType is any');
      const garments = await ctx.get<Page<ProductSummary>>('/product/listLSKHomeProduct?kind=2');
      t.equal(garments.body.data.total, garmentCount);

      for (const q of ['pageSize=101', 'pageSize=0', 'pageNum=0', 'pageNum=x', 'patternType=123', 'kind=3', 'pageSize=1.5']) {
        const bad = await ctx.get(`/product/listLSKHomeProduct?${q}`);
        t.equal(bad.status, 400, `${q} is refused`);
        t.equal(bad.body.code, Codes.BAD_REQUEST);
        t.equal(bad.body.data, null);
      }
    });

    t.test('product detail', async (t) => {
      const id = all[3].id;
      const before = await db.selectFrom('product').select('views').where('id', '=', id).executeTakeFirstOrThrow();
      const res = await ctx.get<ProductDetail>(`/product/getProduct/${id}`);
      t.equal(res.status, 200);
      const p = res.body.data;
      t.equal(p.id, id);
      t.equal(p.status, 1);
      t.equal(p.views, before.views + 1);
      const after = await db.selectFrom('product').select('views').where('id', '=', id).executeTakeFirstOrThrow();
      t.equal(after.views, before.views + 1, 'the view is counted in the database');
      t.same(p.images.map((i) => i.sort), [1, 2, 3]);
      t.same(p.images.map((i) => i.url.replace(/\?v=[0-9a-z]+\.[0-9a-z]+$/, '')), [1, 2, 3].map((n) => `${publicBase}/product/${id}/${n}.jpg`), 'versioned URLs of the stored files');
      t.ok(p.images.every((i) => i.width === 800 && i.height === 800));
      t.ok(p.colourCards.length >= 2 && p.colourCards.length <= 8);
      t.ok(p.colourCards.every((c) => /^#[0-9A-F]{6}$/.test(c.hex) && c.name && c.nameEn && c.imageUrl.startsWith(`${publicBase}/product/${id}/`)));
      t.same(p.colourCards.map((c) => c.sort), p.colourCards.map((_, i) => i + 1));
      t.ok((p.width === null || p.description.includes(`${p.width}`)) && p.descriptionEn.length > 20 && p.composition.includes('%'));
      t.match(p, { title: all[3].title, code: all[3].code, companyId: all[3].companyId });

      const missing = await ctx.get('/product/getProduct/999999');
      t.equal(missing.status, 404);
      t.equal(missing.body.code, Codes.NOT_FOUND);
      t.equal(missing.body.data, null);
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
        const r = await ctx.get(`/product/getProduct/${bad}`);
        t.equal(r.status, 400, `id ${bad} is refused`);
        t.equal(r.body.code, Codes.BAD_REQUEST);
      }

      const removedId = all[5].id;
      await db.updateTable('product').set({ status: 0 }).where('id', '=', removedId).execute();
      const removed = await ctx.get(`/product/getProduct/${removedId}`);
      t.equal(removed.status, 410);
      t.equal(removed.body.code, Codes.GONE);
      t.equal(removed.body.data, null);
      const zh = await ctx.get(`/product/getProduct/${removedId}`, { 'x-lang': 'zh' });
      t.match(zh.body.message, /已下架/, 'the message is in the caller\'s language');
      const listed = await ctx.get<Page<ProductSummary>>('/product/listLSKHomeProduct?pageSize=100');
      t.equal(listed.body.data.total, PRODUCTS - 1, 'a removed product leaves the listing');
      t.notOk(listed.body.data.list.some((x) => x.id === removedId));
      t.equal((await ctx.get(`/productColor/getColorCards?productId=${removedId}`)).status, 410);
      await db.updateTable('product').set({ status: 1 }).where('id', '=', removedId).execute();
    });

    t.test('colour cards', async (t) => {
      const id = all[0].id;
      const detail = await ctx.get<ProductDetail>(`/product/getProduct/${id}`);
      const cards = await ctx.get<ColourCard[]>(`/productColor/getColorCards?productId=${id}`);
      t.equal(cards.status, 200);
      t.same(cards.body.data, detail.body.data.colourCards);
      const rows = await db.selectFrom('colour_card').select(['hex', 'name']).where('product_id', '=', id).orderBy('sort').execute();
      t.same(cards.body.data.map((c) => [c.hex, c.name]), rows.map((r) => [r.hex, r.name]));
      t.equal(cards.body.data[0].imageUrl, detail.body.data.images[0].url, 'the first card is the colour of the product pictures');
      t.equal((await ctx.get('/productColor/getColorCards?productId=999999')).status, 404);
      for (const q of ['productId=x', 'productId=0', '']) t.equal((await ctx.get(`/productColor/getColorCards?${q}`)).status, 400, `${q} is refused`);
    });

    t.test('company info', async (t) => {
      const companyId = all[0].companyId;
      const res = await ctx.get<CompanyInfo>(`/company/getCompanyInfo?companyId=${companyId}`, { 'x-lang': 'zh' });
      t.equal(res.status, 200);
      const c = res.body.data;
      const row = await db.selectFrom('company').selectAll().where('id', '=', companyId).executeTakeFirstOrThrow();
      const names = await db.selectFrom('area').select(['code', 'name']).where('code', 'in', [row.province, row.city]).execute();
      t.equal(c.province, names.find((n) => n.code === row.province)!.name, 'province as a name');
      t.equal(c.city, names.find((n) => n.code === row.city)!.name, 'city as a name');
      t.match(c.province, /省|市/);
      const inEnglish = (await ctx.get<CompanyInfo>(`/company/getCompanyInfo?companyId=${companyId}`, { 'x-lang': 'en' })).body.data;
      t.match(inEnglish, { province: /^[A-Z][a-z]+/, city: /^[A-Z][a-z]+/ }, `area names in English to an English page: ${inEnglish.province}, ${inEnglish.city}`);
      t.notMatch(`${inEnglish.province}${inEnglish.city}`, /[\u4e00-\u9fff]/);
      const listed = (await ctx.get<{ list: CompanyInfo[] }>('/company/listCompanies?pageNum=1&pageSize=50', { 'x-lang': 'en' })).body.data.list;
      t.ok(listed.length > 0 && listed.every((l) => !/[\u4e00-\u9fff]/.test(`${l.province}${l.city}`)), 'the mills list too');
      t.equal(c.productCount, all.filter((p) => p.companyId === companyId).length);
      t.match(c, { name: row.name, nameEn: row.name_en, tel: row.tel, address: row.address, kind: row.kind });
      t.match(c.logoUrl, new RegExp(`^${publicBase}/company/${companyId}/logo\\.jpg\\?v=`));
      t.match(c.bannerUrl, new RegExp(`^${publicBase}/company/${companyId}/banner\\.jpg\\?v=`));
      t.ok(c.intro.length > 30 && c.introEn.length > 30);

      const missing = await ctx.get('/company/getCompanyInfo?companyId=999999');
      t.equal(missing.status, 404);
      t.equal(missing.body.code, Codes.NOT_FOUND);
      for (const q of ['companyId=x', 'companyId=-3', '']) t.equal((await ctx.get(`/company/getCompanyInfo?${q}`)).status, 400, `${q} is refused`);
    });

    t.test('stored files', async (t) => {
      const cover = all[0].coverUrl;
      const res = await ctx.app.inject({ method: 'GET', url: apiPath(cover) });
      t.equal(res.statusCode, 200);
      t.equal(res.headers['content-type'], 'image/jpeg');
      t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      t.equal(res.headers['x-content-type-options'], 'nosniff');
      const etag = String(res.headers.etag);
      t.match(etag, /^"[0-9a-f]+-[0-9a-f]+"$/);
      t.same([...res.rawPayload.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
      const meta = await sharp(res.rawPayload).metadata();
      t.match(meta, { format: 'jpeg', width: 800, height: 800 });
      const stored = await db.selectFrom('stored_file').selectAll().where('path', '=', `product/${all[0].id}/1.jpg`).executeTakeFirstOrThrow();
      t.match(stored, { content_type: 'image/jpeg', size: res.rawPayload.length, width: 800, height: 800 });

      const again = await ctx.app.inject({ method: 'GET', url: apiPath(cover), headers: { 'if-none-match': etag } });
      t.equal(again.statusCode, 304);
      t.equal(again.rawPayload.length, 0);
      const head = await ctx.app.inject({ method: 'HEAD', url: apiPath(cover) });
      t.equal(head.statusCode, 200);

      const logo = await ctx.app.inject({ method: 'GET', url: `/files/company/${all[0].companyId}/logo.jpg` });
      t.equal(logo.statusCode, 200);
      t.match(await sharp(logo.rawPayload).metadata(), { width: 240, height: 240 });

      for (const url of ['/files/product/999999/1.jpg', '/files/..%2f..%2fetc%2fpasswd', '/files/product/../../test.sqlite', '/files/%2e%2e/test.sqlite', '/files/.hidden', '/files/product']) {
        const r = await ctx.app.inject({ method: 'GET', url });
        t.equal(r.statusCode, 404, `${url} is not found`);
        t.equal(r.json().code, Codes.NOT_FOUND);
      }
    });

    t.test('every route is in the OpenAPI document', async (t) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
      t.equal(res.statusCode, 200);
      const outside = await ctx.app.inject({ method: 'GET', url: '/docs/json', remoteAddress: '203.0.113.7' });
      t.equal(outside.statusCode, 403, 'not for the public: only this machine, or a holder of OPS_TOKEN');
      t.equal(outside.json().code, Codes.FORBIDDEN);
      const doc = res.json() as { paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> };
      const expected = [
        '/front/dicTree/byTypeKey', '/front/area/byParent', '/front/area/byLevel', '/front/area/byCode',
        '/product/listLSKHomeProduct', '/product/getProduct/{id}', '/productColor/getColorCards', '/company/getCompanyInfo',
      ];
      for (const path of expected) {
        t.ok(doc.paths[path]?.get, `${path} is documented`);
        t.ok(doc.paths[path]?.get?.tags?.length && doc.paths[path]?.get?.summary, `${path} has tags and a summary`);
      }
      t.ok(Object.keys(doc.paths).some((p) => p.startsWith('/files/')), 'the files route is documented');
    });
  });
}
