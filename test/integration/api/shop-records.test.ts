// The shop's records on each dialect: certificates (save as a list, operator verification, the badge
// that an expired certificate loses by itself), partners (five calls), equipment (four calls) and the
// micro-site template; every call on the seller's own records only (a seller cannot read or change
// another company's certificate, partner, machine or template).
import t from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import { codeMessages } from '../../../isomorphic/domain/code-messages';
import { chinaToday } from '../../../isomorphic/domain/shop';
import type { Certificate, CertificateForReview, Device, Partner, ShopWebsite, WebsiteSettings } from '../../../isomorphic/contracts/shop';
import type { Page } from '../../../isomorphic/contracts/common';
import { dialects } from '../../helpers/db';
import { createShopMarket } from '../../helpers/shop';

const day = (offset: number) => chinaToday(new Date(Date.now() + offset * 86400_000));

for (const { dialect, skip } of await dialects()) {
  t.test(`shop records on ${dialect}`, { skip }, async (t) => {
    const m = await createShopMarket(dialect);
    t.teardown(() => m.close());
    const alice = await m.seller();
    const bob = await m.seller();
    const buyer = await m.buyer();
    const count = async (table: 'shop_certificate' | 'shop_partner' | 'shop_device' | 'shop_website') =>
      Number((await m.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

    t.test('guests and buyers are refused every shop-manager call', async (t) => {
      const calls: Array<['get' | 'post', string, unknown?]> = [
        ['get', '/companyAptitude/getCompanyAptitude'], ['post', '/companyAptitude/saveCompanyAptitude', { list: [] }],
        ['get', '/collaborateCompany/getCollaborateCompany/1'], ['get', '/collaborateCompany/listCollaborateCompanys'],
        ['post', '/collaborateCompany/addCollaborateCompany', { name: '某某印染', kind: 1 }], ['post', '/collaborateCompany/updateCollaborateCompany', { id: 1, name: '某某印染', kind: 1 }],
        ['get', '/collaborateCompany/deleteCollaborateCompany?id=1'],
        ['post', '/device/listOwnDevice', {}], ['post', '/device/addDevice', { kind: 1, count: 1 }], ['post', '/device/updateDevice', { id: 1, kind: 1, count: 1 }], ['post', '/device/deleteDevice', { id: 1 }],
        ['get', '/website/template'], ['post', '/website/template', { templateId: 'template_2', sections: ['intro'] }],
      ];
      for (const [method, url, body] of calls) {
        const guest = method === 'get' ? await m.get(url) : await m.post(url, body);
        t.equal(guest.body.code, Codes.SESSION_EXPIRED, `guest ${url}`);
        const asBuyer = method === 'get' ? await m.get(url, buyer.token) : await m.post(url, body, buyer.token);
        t.equal(asBuyer.body.code, Codes.NOT_A_SELLER, `buyer ${url}`);
      }
    });

    let aliceCerts: Certificate[] = [];
    t.test('certificates: rules, then a list saved in one go', async (t) => {
      const img = await m.image(alice.id);
      const cert = (extra: Record<string, unknown> = {}) => ({ type: 3, number: 'OT-2025-88123', issuer: 'TESTEX 上海', validFrom: day(-30), validTo: day(300), images: [img], ...extra });
      const bad: Array<[Record<string, unknown>, number]> = [
        [cert({ number: ' ' }), Codes.CERTIFICATE_FIELDS_REQUIRED],
        [cert({ validTo: day(-60) }), Codes.CERTIFICATE_VALIDITY_INVALID],
        [cert({ validFrom: '2025-13-01' }), Codes.CERTIFICATE_VALIDITY_INVALID],
        [cert({ images: [] }), Codes.CERTIFICATE_IMAGES_REQUIRED],
        [cert({ type: 77 }), Codes.SHOP_CHOICE_INVALID],
        [cert({ images: [await m.image(bob.id)] }), Codes.SHOP_IMAGE_NOT_OWNED],
      ];
      for (const [c, code] of bad) {
        const r = await m.post('/companyAptitude/saveCompanyAptitude', { list: [c] }, alice.token, 'zh');
        t.equal(r.body.code, code, JSON.stringify(c));
        t.equal(r.body.message, codeMessages[code].zh);
      }
      t.equal((await m.post('/companyAptitude/saveCompanyAptitude', { list: Array.from({ length: 21 }, () => cert()) }, alice.token)).body.code, Codes.CERTIFICATE_LIMIT);
      t.equal(await count('shop_certificate'), 0, 'nothing written');
      const r = await m.post<Certificate[]>('/companyAptitude/saveCompanyAptitude', { list: [cert(), cert({ type: 1, number: '91445100MA4UL', issuer: '潮州市市场监督管理局', validTo: null })] }, alice.token);
      t.equal(r.body.code, 0, r.body.message);
      aliceCerts = r.body.data;
      t.equal(aliceCerts.length, 2);
      t.match(aliceCerts[0], { type: 3, verifyStatus: 0, badged: false, expired: false });
      t.equal(aliceCerts[1].validTo, null, 'long-term');
      t.same((await m.get<Certificate[]>('/companyAptitude/getCompanyAptitude', alice.token)).body.data, aliceCerts);
      t.same((await m.get<Certificate[]>('/companyAptitude/getCompanyAptitude', bob.token)).body.data, [], 'bob sees none of them');
    });

    t.test("a seller cannot change or remove another company's certificate", async (t) => {
      await m.post('/companyAptitude/saveCompanyAptitude', { list: [{ type: 2, number: 'ISO-1', issuer: 'SGS', validFrom: day(-1), validTo: null, images: [await m.image(bob.id)] }] }, bob.token);
      const snapshot = await m.db.selectFrom('shop_certificate').selectAll().orderBy('id').execute();
      const steal = await m.post('/companyAptitude/saveCompanyAptitude', { list: [{ id: aliceCerts[0].id, type: 2, number: 'X', issuer: 'Y', validFrom: day(-1), validTo: null, images: [await m.image(bob.id)] }] }, bob.token);
      t.equal(steal.status, 404);
      t.equal(steal.body.code, Codes.CERTIFICATE_NOT_FOUND);
      t.same(await m.db.selectFrom('shop_certificate').selectAll().orderBy('id').execute(), snapshot, "nothing changed, not even bob's own list");
    });

    t.test('the operator verifies; the shop page shows only verified, valid certificates; expiry needs no job', async (t) => {
      const page = () => m.get<ShopWebsite>(`/website/getWebsite?companyId=${alice.companyId}`);
      t.equal((await page()).body.data.verified, false);
      const seen = (id: number) => queue.body.data.list.find((c) => c.id === id)?.updatedAt as string;
      // every call of the desk, refused to a guest, a buyer and a seller
      const desk: Array<[string, unknown]> = [['/platform/certificate/list', {}], ['/platform/certificate/verify', { id: aliceCerts[0].id, verified: true, updatedAt: 'x' }]];
      for (const [url, body] of desk) {
        t.equal((await m.post(url, body)).body.code, Codes.SESSION_EXPIRED, `guest ${url}: asked to sign in`);
        t.equal((await m.post(url, body, buyer.token)).body.code, Codes.FORBIDDEN, `buyer ${url}`);
        t.equal((await m.post(url, body, alice.token)).body.code, Codes.FORBIDDEN, `seller ${url}: a seller is not an operator`);
      }
      const queue = await m.post<Page<CertificateForReview>>('/platform/certificate/list', { status: 0 }, m.operator.token);
      t.equal(queue.body.code, 0);
      t.equal(queue.body.data.total, 3);
      t.ok(queue.body.data.list.some((c) => c.id === aliceCerts[0].id && c.companyId === alice.companyId && c.companyName.length > 0));
      t.ok(queue.body.data.list.every((c) => c.images.length > 0 && c.images.every((i) => i.url.length > 0)), 'the desk gets the images to look at');
      t.equal((await m.db.selectFrom('shop_certificate').select('verify_status').where('id', '=', aliceCerts[0].id).executeTakeFirstOrThrow()).verify_status, 0, 'the refused calls changed nothing');

      const noReason = await m.post('/platform/certificate/verify', { id: aliceCerts[1].id, verified: false, updatedAt: seen(aliceCerts[1].id), note: ' ' }, m.operator.token, 'zh');
      t.equal(noReason.body.code, Codes.PLATFORM_REASON_REQUIRED, 'refusing needs a reason');
      t.equal(noReason.body.message, codeMessages[Codes.PLATFORM_REASON_REQUIRED].zh);
      const stale = await m.post('/platform/certificate/verify', { id: aliceCerts[0].id, verified: true, updatedAt: '2020-01-01T00:00:00.000Z' }, m.operator.token);
      t.equal(stale.status, 409, 'a version the operator did not see is not decided');
      t.equal(stale.body.code, Codes.CERTIFICATE_CHANGED);
      const audits = async () => (await m.db.selectFrom('platform_audit').selectAll().where('target_type', '=', 'certificate').orderBy('id').execute());
      const notices = async (lang: 'zh' | 'en') => (await m.post<{ list: Array<{ kind: string; title: string; body: string; link: string }> }>('/notification/list', { pageNum: 1, pageSize: 20 }, alice.token, lang)).body.data.list;
      t.same(await audits(), [], 'refused decisions leave no audit entry');
      t.same(await notices('zh'), [], 'nor a message');

      const v = await m.post<CertificateForReview>('/platform/certificate/verify', { id: aliceCerts[0].id, verified: true, updatedAt: seen(aliceCerts[0].id) }, m.operator.token);
      t.match(v.body.data, { verifyStatus: 1, badged: true });
      const refused = await m.post<CertificateForReview>('/platform/certificate/verify', { id: aliceCerts[1].id, verified: false, updatedAt: seen(aliceCerts[1].id), note: '图片不清晰' }, m.operator.token);
      t.match(refused.body.data, { verifyStatus: 2, verifyNote: '图片不清晰', badged: false });
      t.equal((await m.post('/platform/certificate/verify', { id: 999999, verified: true, updatedAt: 'x' }, m.operator.token)).status, 404);

      const log = await audits();
      t.same(log.map((a) => [a.action, a.target_id, a.operator_id, a.note]), [['certificate.verify', aliceCerts[0].id, m.operator.id, ''], ['certificate.reject', aliceCerts[1].id, m.operator.id, '图片不清晰']], 'each decision is in the audit log');
      t.match(JSON.parse(log[1].before), { verifyStatus: 0, verifyNote: '' }, 'with the record before');
      t.match(JSON.parse(log[1].after), { verifyStatus: 2, verifyNote: '图片不清晰', verifiedBy: m.operator.id }, 'and after');
      const logged = await m.post<{ list: Array<{ actionLabel: string }> }>('/platform/audit/list', { pageNum: 1, pageSize: 10, targetType: 'certificate' }, m.operator.token, 'zh');
      t.same(logged.body.data.list.map((e) => e.actionLabel), ['驳回资质证书', '认证资质证书'], "the console's audit log names them");
      const zh = await notices('zh');
      t.same(zh.map((n) => n.title), ['资质证书未通过认证', '资质证书已认证'], 'the seller is told, in Chinese');
      t.match(zh[0].body, /营业执照（91445100MA4UL）未通过认证，原因：图片不清晰/);
      const en = await notices('en');
      t.same(en.map((n) => n.title), ['Your certificate was not accepted', 'Your certificate was verified'], 'and in English');
      t.match(en[1].body, /OEKO-TEX Standard 100 \(OT-2025-88123\) was verified/);
      t.equal(en[0].link, '/home/shopManage/aptitude');
      t.same((await m.post<{ list: unknown[] }>('/notification/list', { pageNum: 1, pageSize: 20 }, bob.token)).body.data.list, [], "another company's users hear nothing");
      const shown = await page();
      t.equal(shown.body.data.verified, true);
      t.same(shown.body.data.certificates.map((c) => c.id), [aliceCerts[0].id], 'only the verified one is public');
      t.same((await m.get<number[]>(`/website/verifiedCompanies?ids=${alice.companyId},${bob.companyId}`)).body.data, [alice.companyId]);
      // Time passes: the certificate's validity ends yesterday. No job runs; the badge is gone.
      await m.db.updateTable('shop_certificate').set({ valid_to: day(-1), valid_from: day(-400) }).where('id', '=', aliceCerts[0].id).execute();
      const later = await page();
      t.equal(later.body.data.verified, false, 'an expired certificate loses its badge by itself');
      t.same(later.body.data.certificates, []);
      t.same((await m.get<number[]>(`/website/verifiedCompanies?ids=${alice.companyId}`)).body.data, []);
      const own = await m.get<Certificate[]>('/companyAptitude/getCompanyAptitude', alice.token);
      t.match(own.body.data[0], { verifyStatus: 1, expired: true, badged: false }, 'the seller sees it expired');
      await m.db.updateTable('shop_certificate').set({ valid_to: day(300), valid_from: day(-30) }).where('id', '=', aliceCerts[0].id).execute();
    });

    t.test('editing a verified certificate sends it back to verification; leaving one out removes it', async (t) => {
      const own = (await m.get<Certificate[]>('/companyAptitude/getCompanyAptitude', alice.token)).body.data;
      const asInput = (c: Certificate) => ({ id: c.id, type: c.type, name: c.name, number: c.number, issuer: c.issuer, validFrom: c.validFrom, validTo: c.validTo, images: c.images.map((i) => i.path) });
      const same = await m.post<Certificate[]>('/companyAptitude/saveCompanyAptitude', { list: [asInput(own[0])] }, alice.token);
      t.equal(same.body.data.length, 1, 'the one left out is removed');
      t.match(same.body.data[0], { id: own[0].id, verifyStatus: 1, badged: true }, 'unchanged keeps its verification');
      const changed = await m.post<Certificate[]>('/companyAptitude/saveCompanyAptitude', { list: [{ ...asInput(own[0]), number: 'OT-2026-00001' }] }, alice.token);
      t.match(changed.body.data[0], { id: own[0].id, number: 'OT-2026-00001', verifyStatus: 0, badged: false });
    });

    let partner: Partner;
    t.test('partners: add, list, get, update, delete', async (t) => {
      const bad = await m.post('/collaborateCompany/addCollaborateCompany', { name: '印', kind: 1 }, alice.token, 'zh');
      t.equal(bad.body.code, Codes.PARTNER_NAME_LENGTH);
      t.equal(bad.body.message, '合作企业名称须为2-30个字');
      t.equal((await m.post('/collaborateCompany/addCollaborateCompany', { name: '汕头印染厂', kind: 99 }, alice.token)).body.code, Codes.SHOP_CHOICE_INVALID);
      t.equal((await m.post('/collaborateCompany/addCollaborateCompany', { name: '汕头印染厂', kind: 1, province: '44', city: '3301' }, alice.token)).body.code, Codes.SHOP_REGION_INVALID);
      t.equal((await m.post('/collaborateCompany/addCollaborateCompany', { name: '汕头印染厂', kind: 1, logo: await m.image(bob.id) }, alice.token)).body.code, Codes.SHOP_IMAGE_NOT_OWNED);
      const logo = await m.image(alice.id);
      const add = await m.post<Partner>('/collaborateCompany/addCollaborateCompany', { name: '汕头印染厂', kind: 1, contact: '陈经理', tel: '0754-88886666', province: '44', city: '4405', intro: '合作十年', logo }, alice.token);
      t.equal(add.body.code, 0, add.body.message);
      partner = add.body.data;
      t.match(partner, { name: '汕头印染厂', provinceName: 'Guangdong', cityName: 'Shantou', logo: { path: logo } }, 'area names in the caller\'s language (English here)');
      t.match((await m.get<Partner>(`/collaborateCompany/getCollaborateCompany/${partner.id}`, alice.token, 'zh')).body.data, { provinceName: '广东省', cityName: '汕头市' }, 'and in Chinese for a Chinese page');
      await m.post('/collaborateCompany/addCollaborateCompany', { name: '广州婚纱工坊', kind: 2 }, alice.token);
      const list = await m.get<Page<Partner>>('/collaborateCompany/listCollaborateCompanys?pageNum=1&pageSize=1', alice.token);
      t.equal(list.body.data.total, 2);
      t.same(list.body.data.list.map((p) => p.id), [partner.id]);
      t.same((await m.get<Partner>(`/collaborateCompany/getCollaborateCompany/${partner.id}`, alice.token)).body.data, partner);
      const up = await m.post<Partner>('/collaborateCompany/updateCollaborateCompany', { id: partner.id, name: '汕头华美印染', kind: 1, logo }, alice.token);
      t.match(up.body.data, { name: '汕头华美印染', contact: '', logo: { path: logo } });
      const del = await m.get(`/collaborateCompany/deleteCollaborateCompany?id=${list.body.data.list[0].id + 1}`, alice.token);
      t.equal(del.body.code, 0);
      t.equal((await m.get<Page<Partner>>('/collaborateCompany/listCollaborateCompanys', alice.token)).body.data.total, 1);
    });

    t.test("a seller cannot read, change or delete another company's partner", async (t) => {
      const snapshot = await m.db.selectFrom('shop_partner').selectAll().orderBy('id').execute();
      const get = await m.get(`/collaborateCompany/getCollaborateCompany/${partner.id}`, bob.token);
      t.equal(get.status, 404);
      t.equal(get.body.code, Codes.PARTNER_NOT_FOUND);
      t.equal((await m.post('/collaborateCompany/updateCollaborateCompany', { id: partner.id, name: '鲍勃的公司', kind: 2 }, bob.token)).body.code, Codes.PARTNER_NOT_FOUND);
      t.equal((await m.get(`/collaborateCompany/deleteCollaborateCompany?id=${partner.id}`, bob.token)).body.code, Codes.PARTNER_NOT_FOUND);
      t.equal((await m.get<Page<Partner>>('/collaborateCompany/listCollaborateCompanys', bob.token)).body.data.total, 0);
      t.same(await m.db.selectFrom('shop_partner').selectAll().orderBy('id').execute(), snapshot, 'nothing changed');
    });

    let machine: Device;
    t.test('equipment: add, list, update, delete', async (t) => {
      const bad: Array<[Record<string, unknown>, number]> = [
        [{ kind: 12, count: 1 }, Codes.SHOP_CHOICE_INVALID],
        [{ kind: 1, count: 0 }, Codes.DEVICE_NUMBER_INVALID],
        [{ kind: 1, count: 2, needles: 0 }, Codes.DEVICE_NUMBER_INVALID],
        [{ kind: 1, count: 2, gauge: 'E'.repeat(21) }, Codes.SHOP_TEXT_TOO_LONG],
      ];
      for (const [body, code] of bad) {
        const r = await m.post('/device/addDevice', body, alice.token, 'zh');
        t.equal(r.body.code, code, JSON.stringify(body));
        t.equal(r.body.message, codeMessages[code].zh);
      }
      t.equal(await count('shop_device'), 0);
      const add = await m.post<Device>('/device/addDevice', { kind: 1, name: 'Karl Mayer JL 36/1B', gauge: 'E18', needles: 4200, count: 12, remark: '2019 年购入' }, alice.token);
      t.equal(add.body.code, 0, add.body.message);
      machine = add.body.data;
      t.match(machine, { kind: 1, gauge: 'E18', needles: 4200, count: 12 });
      await m.post('/device/addDevice', { kind: 3, count: 4 }, alice.token);
      const list = await m.post<Device[]>('/device/listOwnDevice', {}, alice.token);
      t.same(list.body.data.map((d) => d.kind), [1, 3]);
      const up = await m.post<Device>('/device/updateDevice', { id: machine.id, kind: 2, gauge: 'E24', needles: null, count: 16 }, alice.token);
      t.match(up.body.data, { id: machine.id, kind: 2, gauge: 'E24', needles: null, count: 16, name: '' });
      t.equal((await m.post('/device/deleteDevice', { id: list.body.data[1].id }, alice.token)).body.code, 0);
      t.equal((await m.post<Device[]>('/device/listOwnDevice', {}, alice.token)).body.data.length, 1);
    });

    t.test("a seller cannot see, change or delete another company's machine", async (t) => {
      const snapshot = await m.db.selectFrom('shop_device').selectAll().orderBy('id').execute();
      t.same((await m.post<Device[]>('/device/listOwnDevice', {}, bob.token)).body.data, []);
      const up = await m.post('/device/updateDevice', { id: machine.id, kind: 3, count: 1 }, bob.token);
      t.equal(up.status, 404);
      t.equal(up.body.code, Codes.DEVICE_NOT_FOUND);
      t.equal((await m.post('/device/deleteDevice', { id: machine.id }, bob.token)).body.code, Codes.DEVICE_NOT_FOUND);
      t.same(await m.db.selectFrom('shop_device').selectAll().orderBy('id').execute(), snapshot);
    });

    t.test('the micro-site template: ten templates, sections chosen and ordered, each seller their own', async (t) => {
      const first = await m.get<WebsiteSettings>('/website/template', alice.token);
      t.equal(first.body.data.templateId, 'template_1', 'template 1 until one is chosen');
      t.equal(first.body.data.sections.length, 8);
      for (const [body, code] of [
        [{ templateId: 'template_11', sections: ['intro'] }, Codes.SHOP_TEMPLATE_UNKNOWN],
        [{ templateId: 'template_0', sections: ['intro'] }, Codes.SHOP_TEMPLATE_UNKNOWN],
        [{ templateId: 'template_3', sections: [] }, Codes.SHOP_SECTIONS_INVALID],
        [{ templateId: 'template_3', sections: ['intro', 'intro'] }, Codes.SHOP_SECTIONS_INVALID],
        [{ templateId: 'template_3', sections: ['intro', 'guestbook'] }, Codes.SHOP_SECTIONS_INVALID],
      ] as const) {
        const r = await m.post('/website/template', body, alice.token, 'zh');
        t.equal(r.body.code, code, JSON.stringify(body));
        t.equal(r.body.message, codeMessages[code].zh);
      }
      t.equal(await count('shop_website'), 0);
      for (let n = 1; n <= 10; n++) {
        const r = await m.post<WebsiteSettings>('/website/template', { templateId: `template_${n}`, sections: ['location', 'certificates', 'products'] }, alice.token);
        t.equal(r.body.code, 0, `template_${n}`);
      }
      const saved = await m.post<WebsiteSettings>('/website/template', { templateId: 'template_7', sections: ['equipment', 'intro', 'location'] }, alice.token);
      t.same(saved.body.data, { templateId: 'template_7', sections: ['equipment', 'intro', 'location'] });
      t.same((await m.get<WebsiteSettings>('/website/template', alice.token)).body.data, saved.body.data);
      t.equal((await m.get<WebsiteSettings>('/website/template', bob.token)).body.data.templateId, 'template_1', "bob's template is his own");
      const site = await m.get<ShopWebsite>(`/website/getWebsite?companyId=${alice.companyId}`);
      t.same(site.body.data.website, saved.body.data, 'the public page uses it');
      t.same(site.body.data.devices.map((d) => d.id), [machine.id]);
      t.same(site.body.data.partners.map((p) => p.id), [partner.id]);
      const placed = await m.post<Partner>('/collaborateCompany/updateCollaborateCompany', { id: partner.id, name: '汕头华美印染', kind: 1, province: '44', city: '4405' }, alice.token);
      t.equal(placed.body.code, 0, placed.body.message);
      const inEnglish = await m.get<ShopWebsite>(`/website/getWebsite?companyId=${alice.companyId}`, undefined, 'en');
      t.match(inEnglish.body.data.partners[0], { provinceName: 'Guangdong', cityName: 'Shantou' }, 'partners\' area names in the page\'s language (issue 23)');
      t.same((await m.get<ShopWebsite>(`/website/getWebsite?companyId=${alice.companyId}`, undefined, 'zh')).body.data.partners[0].provinceName, '广东省');
      t.same(site.body.data.maps, { provider: 'none', key: '', securityCode: '', version: '' }, 'no maps key: no map driver');
      t.equal((await m.get(`/website/getWebsite?companyId=999999`)).status, 404);
    });
  });
}

t.test('with an AMap key the public page is told to load AMap', async (t) => {
  const m = await createShopMarket('sqlite', { AMAP_KEY: 'web-key-123', AMAP_SECURITY_CODE: 'sec-456' });
  t.teardown(() => m.close());
  const seller = await m.seller();
  const site = await m.get<ShopWebsite>(`/website/getWebsite?companyId=${seller.companyId}`);
  t.same(site.body.data.maps, { provider: 'amap', key: 'web-key-123', securityCode: 'sec-456', version: '1.3' });
});
