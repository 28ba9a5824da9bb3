// The seller's shop settings on each dialect: /company/updateCompany and /company/updateCompanyExtend with
// SPEC §5's limits and their messages in both languages, images that must be the seller's own, only
// settled sellers of an active company, and the shop page's QR code.
import t from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import { codeMessages } from '../../../isomorphic/domain/code-messages';
import type { ShopQrCode, ShopSettings } from '../../../isomorphic/contracts/shop';
import type { CompanyInfo } from '../../../isomorphic/contracts/common';
import { dialects } from '../../helpers/db';
import { createShopMarket } from '../../helpers/shop';

for (const { dialect, skip } of await dialects()) {
  t.test(`shop settings on ${dialect}`, { skip }, async (t) => {
    const m = await createShopMarket(dialect);
    t.teardown(() => m.close());
    const seller = await m.seller();
    const other = await m.seller();
    const update = (body: Record<string, unknown>, token = seller.token, lang: 'zh' | 'en' = 'en') => m.post<ShopSettings>('/company/updateCompany', body, token, lang);
    const row = () => m.db.selectFrom('company').selectAll().where('id', '=', seller.companyId).executeTakeFirstOrThrow();

    t.test('who may manage a shop', async (t) => {
      t.equal((await m.get('/company/getMyCompany')).body.code, Codes.SESSION_EXPIRED, 'a guest is sent to sign in');
      const buyer = await m.buyer();
      const r = await update({ name: '某某花边有限公司' }, buyer.token);
      t.equal(r.status, 403);
      t.equal(r.body.code, Codes.NOT_A_SELLER, 'a buyer has no shop');
      const applicant = await m.seller(undefined, { settled: 0 });
      const unsettled = await update({ name: '某某花边有限公司' }, applicant.token);
      t.equal(unsettled.body.code, Codes.NOT_A_SELLER, 'a company not yet settled (the guard refuses it)');
      const suspended = await m.seller(await m.company({ status: 0 }));
      t.equal((await update({ name: '某某花边有限公司' }, suspended.token)).status, 403, 'a removed or suspended company');
      const mine = await m.get<ShopSettings>('/company/getMyCompany', seller.token);
      t.equal(mine.body.code, 0);
      t.equal(mine.body.data.id, seller.companyId, 'a seller reads their own company, never another');
    });

    t.test('SPEC §5 limits, each with its message in both languages, and nothing written', async (t) => {
      const before = await row();
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ name: '花边厂' }, Codes.SHOP_NAME_LENGTH],
        [{ name: '花'.repeat(31) }, Codes.SHOP_NAME_LENGTH],
        [{ mainBusiness: '花' }, Codes.SHOP_MAIN_BUSINESS_LENGTH],
        [{ mainBusiness: '花'.repeat(16) }, Codes.SHOP_MAIN_BUSINESS_LENGTH],
        [{ abbreviation: '花' }, Codes.SHOP_ABBREVIATION_LENGTH],
        [{ abbreviation: '花'.repeat(9) }, Codes.SHOP_ABBREVIATION_LENGTH],
        [{ intro: '花'.repeat(501) }, Codes.SHOP_INTRO_TOO_LONG],
        [{ tel: 'call me' }, Codes.SHOP_PHONE_INVALID],
        [{ fax: '12' }, Codes.SHOP_PHONE_INVALID],
        [{ smsMobiles: ['12345678901'] }, Codes.SHOP_SMS_MOBILES_INVALID],
        [{ smsMobiles: ['13800138000', '13800138000'] }, Codes.SHOP_SMS_MOBILES_INVALID],
        [{ smsMobiles: ['13800138001', '13800138002', '13800138003', '13800138004'] }, Codes.SHOP_SMS_MOBILES_INVALID],
        [{ lat: 23.5 }, Codes.SHOP_COORDINATES_INVALID],
        [{ lat: 95, lng: 116 }, Codes.SHOP_COORDINATES_INVALID],
        [{ province: '44', city: '3301' }, Codes.SHOP_REGION_INVALID],
        [{ province: '44' }, Codes.SHOP_REGION_INVALID],
      ];
      for (const [body, code] of cases) {
        const en = await update(body);
        t.equal(en.status, 400, JSON.stringify(body));
        t.equal(en.body.code, code, JSON.stringify(body));
        t.equal(en.body.message, codeMessages[code].en);
        t.equal((await update(body, seller.token, 'zh')).body.message, codeMessages[code].zh);
      }
      t.equal(codeMessages[Codes.SHOP_ABBREVIATION_LENGTH].zh, '公司简称须为2-8个字', 'the abbreviation message speaks of the abbreviation (SPEC §5 notes the original swapped them)');
      t.equal(codeMessages[Codes.SHOP_INTRO_TOO_LONG].zh, '公司简介不能超过500个字');
      t.same(await row(), before, 'nothing changed');
    });

    t.test('the limits hold at their edges, and the shop page shows the result', async (t) => {
      const logo = await m.image(seller.id);
      const banner = await m.image(seller.id);
      const album = [await m.image(seller.id), await m.image(seller.id)];
      const r = await update({
        name: '潮州市金丝花边', nameEn: 'Chaozhou Golden Thread Lace', abbreviation: '金丝', mainBusiness: '蕾丝面料', intro: '花'.repeat(500),
        logo, banner, album, tel: '0768-2345678', fax: '0768 2345679', smsMobiles: ['13800138000', '13912345678'],
        province: '44', city: '4451', address: '枫溪区 如意路 8 号', lat: 23.6567, lng: 116.6226,
      });
      t.equal(r.body.code, 0, r.body.message);
      t.equal(r.body.message, 'Saved');
      t.match(r.body.data, { name: '潮州市金丝花边', abbreviation: '金丝', provinceName: 'Guangdong', cityName: 'Chaozhou', tel: '0768-2345678', smsMobiles: ['13800138000', '13912345678'], lat: 23.6567 }, 'area names in the caller\'s language (English here)');
      const own = await m.get<ShopSettings>('/company/getMyCompany', seller.token, 'zh');
      t.match(own.body.data, { provinceName: '广东省', cityName: '潮州市' }, 'and in Chinese for a Chinese page');
      t.equal(r.body.data.logo?.path, logo);
      t.same(r.body.data.album.map((a) => a.path), album);
      const info = await m.get<CompanyInfo>(`/company/getCompanyInfo?companyId=${seller.companyId}`, undefined, 'zh');
      t.match(info.body.data, { name: '潮州市金丝花边', city: '潮州市', address: '枫溪区 如意路 8 号' });
      const infoEn = await m.get<CompanyInfo>(`/company/getCompanyInfo?companyId=${seller.companyId}`);
      t.match(infoEn.body.data, { city: 'Chaozhou' }, 'the city in the page\'s language (issue 23)');
      t.notOk(JSON.stringify(info.body.data).includes('13912345678'), 'SMS numbers are not public');
      const partial = await update({ abbreviation: '金丝花边' });
      t.equal(partial.body.data.name, '潮州市金丝花边', 'fields not sent keep their value');
      t.equal(partial.body.data.logo?.path, logo, 'the current logo stays acceptable');
      const cleared = await update({ lat: null, lng: null, album: [] });
      t.equal(cleared.body.code, 0, cleared.body.message);
      t.same([cleared.body.data.lat, cleared.body.data.lng, cleared.body.data.album], [null, null, []]);
    });

    t.test("another seller's or an unknown image cannot be attached", async (t) => {
      const theirs = await m.image(other.id);
      const before = await row();
      for (const body of [{ logo: theirs }, { banner: theirs }, { album: [theirs] }, { logo: 'upload/20261123/0000000000000000/web-00000000000000000000000000000000.png' }]) {
        const r = await update(body);
        t.equal(r.body.code, Codes.SHOP_IMAGE_NOT_OWNED, JSON.stringify(body));
      }
      t.equal((await update({ album: Array.from({ length: 10 }, () => theirs) })).body.code, Codes.SHOP_ALBUM_TOO_MANY);
      t.same(await row(), before);
    });

    t.test('company facts through updateCompanyExtend', async (t) => {
      const ext = (body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') => m.post<ShopSettings>('/company/updateCompanyExtend', body, seller.token, lang);
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ registeredCapital: -1 }, Codes.SHOP_CAPITAL_INVALID],
        [{ staffCount: 0 }, Codes.SHOP_STAFF_INVALID],
        [{ workshopArea: 0 }, Codes.SHOP_WORKSHOP_INVALID],
        [{ companyType: 42 }, Codes.SHOP_CHOICE_INVALID],
        [{ annualTurnover: 99 }, Codes.SHOP_CHOICE_INVALID],
        [{ businessModel: 0 }, Codes.SHOP_CHOICE_INVALID],
        [{ establishedAt: '2026-02-30' }, Codes.SHOP_ESTABLISHED_INVALID],
        [{ establishedAt: '2999-01-01' }, Codes.SHOP_ESTABLISHED_INVALID],
        [{ markets: 'x'.repeat(101) }, Codes.SHOP_TEXT_TOO_LONG],
      ];
      for (const [body, code] of cases) {
        const r = await ext(body);
        t.equal(r.body.code, code, JSON.stringify(body));
        t.equal((await ext(body, 'zh')).body.message, codeMessages[code].zh);
      }
      const r = await ext({ registeredCapital: 500, companyType: 1, staffCount: 120, annualTurnover: 4, markets: '欧美、中东', businessModel: 3, customers: '婚纱礼服品牌', workshopArea: 6000, establishedAt: '2008-05-18' });
      t.equal(r.body.code, 0);
      t.match(r.body.data, { registeredCapital: 500, companyType: 1, staffCount: 120, annualTurnover: 4, markets: '欧美、中东', businessModel: 3, customers: '婚纱礼服品牌', workshopArea: 6000, establishedAt: '2008-05-18' });
      const stored = await row();
      t.match(stored, { registered_capital: 500, staff_count: 120, workshop_area: 6000, established_at: '2008-05-18' });
      const other2 = await m.get<ShopSettings>('/company/getMyCompany', other.token);
      t.equal(other2.body.data.registeredCapital, null, "another seller's company is untouched");
    });

    t.test('the QR code of the shop page', async (t) => {
      const r = await m.get<ShopQrCode>(`/company/getCompanyQRcode?companyId=${seller.companyId}`);
      t.equal(r.body.code, 0);
      t.equal(r.body.data.url, `https://lace.example.cn/company/${seller.companyId}`);
      t.match(r.body.data.png, /^data:image\/png;base64,/);
      const png = Buffer.from(r.body.data.png.split(',')[1], 'base64');
      t.equal(png.readUInt32BE(16), 600, 'a 600 px wide PNG');
      t.match(r.body.data.svg, /^<svg[^>]*viewBox/);
      t.equal((await m.get(`/company/getCompanyQRcode?companyId=999999`)).status, 404);
      const removed = await m.company({ status: 0 });
      t.equal((await m.get(`/company/getCompanyQRcode?companyId=${removed}`)).status, 410);
    });
  });
}
