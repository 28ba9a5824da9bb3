// Pattern-copy detection and the operator's product desk on each dialect (issue 17 items 2 and the
// console's take-down page). The engine's similarity is given here (photo search's nearest products are
// stubbed: the test pictures have no bytes); the rules are the api's: a pair of two companies' on-sale
// products at or above the threshold is flagged once, the seller of the product saved later sees the other
// product's public title and link and nothing more, the operator lists the pairs, dismisses one or takes the
// product down with a reason. Sellers cannot reach the operator's calls, nor another company's product.
import t from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import { ProductStatus, PatternType, Shape, Unit } from '../../../isomorphic/domain/catalogue';
import { CatalogueSellerCodes } from '../../../isomorphic/domain/catalogue-seller-codes';
import { CopyFlagStatus } from '../../../isomorphic/domain/catalogue-seller';
import type { CopyFlag, PlatformProduct, ProductInput, SellerProductDetail, SellerProductPage } from '../../../isomorphic/contracts/catalogue-seller';
import type { Page } from '../../../isomorphic/contracts/common';
import type { AuditEntry } from '../../../isomorphic/contracts/settlement';
import { checkPatternCopies } from '../../../api/modules/catalogue/copy.service';
import { loadConfig } from '../../../config/index';
import { dialects } from '../../helpers/db';
import { createShopMarket, type ShopMarket } from '../../helpers/shop';

const input = async (m: ShopMarket, userId: number, extra: Partial<ProductInput> = {}): Promise<ProductInput> => ({
  kind: 1, title: '法式睫毛蕾丝', titleEn: 'French eyelash lace', code: 'LK-1', patternType: PatternType.FABRIC, shape: Shape.IN_STOCK, unit: Unit.METRE,
  ladder: [{ from: 100, price: 1200 }], pictures: [await m.image(userId)], colourCards: [{ name: '白色', hex: '#ffffff' }], ...extra,
});

/** Photo search's answer, as the test says it. */
const engine = (hits: Record<number, number>) => async (productId: number) =>
  Object.entries(hits).map(([id, score]) => ({ productId: Number(id), score })).filter((h) => h.productId !== productId).sort((a, b) => b.score - a.score);

t.test('IMAGE_COPY_SIMILARITY: the measured default, overridable, bounded', async (t) => {
  t.ok(loadConfig({}, []).patternCopy.similarity > 0.5 && loadConfig({}, []).patternCopy.similarity < 1);
  t.equal(loadConfig({ IMAGE_COPY_SIMILARITY: '0.93' }, []).patternCopy.similarity, 0.93);
  t.throws(() => loadConfig({ IMAGE_COPY_SIMILARITY: '1.5' }, []), /IMAGE_COPY_SIMILARITY/);
});

for (const { dialect, skip } of await dialects()) {
  t.test(`pattern-copy detection on ${dialect}`, { skip }, async (t) => {
    const m = await createShopMarket(dialect);
    t.teardown(() => m.close());
    const alice = await m.seller();
    const bob = await m.seller();
    const buyer = await m.buyer();
    const make = async (who: { id: number; token: string }, extra: Partial<ProductInput>) => {
      const r = await m.post<SellerProductDetail>('/shopProduct/create', await input(m, who.id, extra), who.token);
      t.equal(r.body.code, 0, r.body.message);
      return r.body.data.id;
    };
    const original = await make(alice, { title: '原创花型', titleEn: 'Original motif', code: 'AL-001' });
    const aliceOther = await make(alice, { title: '另一款', code: 'AL-002' });
    const copy = await make(bob, { title: '仿款', titleEn: 'Lookalike', code: 'BO-001' });
    const bobOwn = await make(bob, { title: '自家款', code: 'BO-002' });
    const flags = () => m.db.selectFrom('product_copy_flag').select(['product_id', 'other_product_id', 'status', 'reason']).orderBy('id').execute();
    const seller = async (id: number, token: string) => (await m.get<SellerProductDetail>(`/shopProduct/get?id=${id}`, token)).body.data;

    t.test('a pair of two companies at or above the threshold is flagged; own products and weaker ones are not', async (t) => {
      const n = await checkPatternCopies(m.db, copy, engine({ [original]: 0.95, [aliceOther]: 0.89, [bobOwn]: 0.99 }), 0.9);
      t.equal(n, 1);
      t.same(await flags(), [{ product_id: copy, other_product_id: original, status: CopyFlagStatus.OPEN, reason: '' }]);
      t.same((await seller(copy, bob.token)).similarTo, [{ id: original, title: '原创花型', titleEn: 'Original motif' }], "the seller sees the other product's public title and id, nothing else");
      const list = await m.post<SellerProductPage>('/shopProduct/list', {}, bob.token);
      t.same(list.body.data.list.find((p) => p.id === copy)?.similarTo.map((s) => s.id), [original], 'the list says it too');
      t.same((await seller(original, alice.token)).similarTo, [], 'the earlier product is not flagged to its seller');
      t.equal(await checkPatternCopies(m.db, original, engine({ [copy]: 0.95 }), 0.9), 1, 'the same pair seen from the other side');
      t.equal((await flags()).length, 1, 'is not flagged twice');
      t.equal(await checkPatternCopies(m.db, copy, async () => null, 0.9), null, 'photo search not running: nothing known, nothing changes');
      t.equal((await flags()).length, 1);
    });

    t.test('sellers and buyers cannot reach the console; a seller cannot read another company\'s product', async (t) => {
      for (const [url, body] of [['/platform/copyFlag/list', {}], ['/platform/copyFlag/decide', { id: 1, action: 'dismiss', reason: '不是抄款' }], ['/platform/product/list', {}]] as const) {
        t.equal((await m.post(url, body, bob.token)).status, 403, `seller ${url}`);
        t.equal((await m.post(url, body, buyer.token)).status, 403, `buyer ${url}`);
        t.equal((await m.post(url, body)).body.code, Codes.SESSION_EXPIRED, `guest ${url}`);
      }
      t.equal((await m.get(`/shopProduct/get?id=${original}`, bob.token)).body.code, CatalogueSellerCodes.PRODUCT_NOT_FOUND, "bob cannot open alice's product");
      t.equal((await m.post('/platform/copyFlag/decide', { id: 1, action: 'dismiss', reason: 'x', extra: 1 }, m.operator.token)).status, 400, 'closed schema');
    });

    t.test('the operator lists the pairs with both pictures and companies, and dismisses one with a reason', async (t) => {
      const open = await m.post<Page<CopyFlag>>('/platform/copyFlag/list', {}, m.operator.token);
      t.equal(open.body.data.total, 1);
      const f = open.body.data.list[0];
      t.match(f, { similarity: 0.95, status: CopyFlagStatus.OPEN, product: { id: copy, code: 'BO-001', companyId: bob.companyId }, other: { id: original, code: 'AL-001', companyId: alice.companyId } });
      t.ok(f.product.cover?.url && f.other.cover?.url, 'both pictures');
      t.match(f.other.companyName, /潮州花边厂/);
      t.equal((await m.post('/platform/copyFlag/decide', { id: f.id, action: 'dismiss', reason: ' ' }, m.operator.token)).body.code, CatalogueSellerCodes.COPY_REASON_REQUIRED);
      t.equal((await m.post('/platform/copyFlag/decide', { id: f.id, action: 'dismiss', reason: '花型不同，仅配色相近' }, m.operator.token)).body.code, 0);
      t.same(await flags(), [{ product_id: copy, other_product_id: original, status: CopyFlagStatus.DISMISSED, reason: '花型不同，仅配色相近' }]);
      const log = (await m.post<Page<AuditEntry>>('/platform/audit/list', { targetType: 'product', targetId: copy }, m.operator.token)).body.data.list;
      t.match(log.map((e) => [e.action, e.operatorId, e.note]), [['copy.dismiss', m.operator.id, '花型不同，仅配色相近'], ['copy.flag', 0, '']], "the platform's audit log: the flag (raised by the check) and the operator's dismissal with its reason, newest first");
      t.match(JSON.parse(log[1].after), { flag: f.id, product: copy, other: original, similarity: 0.95, status: 'open' });
      t.match(JSON.parse(log[0].after), { flag: f.id, status: 'dismissed', reason: '花型不同，仅配色相近' });
      t.equal((await m.post('/platform/copyFlag/decide', { id: f.id, action: 'takeDown', reason: '再次处理' }, m.operator.token)).body.code, CatalogueSellerCodes.COPY_FLAG_NOT_FOUND, 'decided once');
      t.same((await seller(copy, bob.token)).similarTo, [], 'the seller is no longer told');
      t.equal((await m.post<Page<CopyFlag>>('/platform/copyFlag/list', { status: 'dismissed' }, m.operator.token)).body.data.total, 1);
      await checkPatternCopies(m.db, copy, engine({ [original]: 0.97 }), 0.9);
      t.equal((await flags())[0].status, CopyFlagStatus.DISMISSED, 'a dismissed pair stays dismissed when the product is saved again');
      t.equal((await m.post<Page<CopyFlag>>('/platform/copyFlag/list', {}, m.operator.token)).body.data.total, 0);
    });

    t.test('an open flag is withdrawn when the pictures change; the operator takes a copy down with a reason', async (t) => {
      const second = await make(bob, { title: '仿款二', code: 'BO-003' });
      await checkPatternCopies(m.db, second, engine({ [original]: 0.93 }), 0.9);
      t.equal((await seller(second, bob.token)).similarTo.length, 1);
      await checkPatternCopies(m.db, second, engine({ [original]: 0.6 }), 0.9);
      t.same((await seller(second, bob.token)).similarTo, [], 'no longer that close: withdrawn');
      await checkPatternCopies(m.db, second, engine({ [original]: 0.93 }), 0.9);
      const f = (await m.post<Page<CopyFlag>>('/platform/copyFlag/list', { status: 'open' }, m.operator.token)).body.data.list[0];
      t.equal(f.product.id, second);
      t.equal((await m.post('/platform/copyFlag/decide', { id: f.id, action: 'takeDown', reason: '与他人花型相同' }, m.operator.token)).body.code, 0);
      const down = await seller(second, bob.token);
      t.match(down, { status: ProductStatus.TAKEN_DOWN, takedownReason: '与他人花型相同', similarTo: [] });
      t.equal((await m.get(`/product/getProduct/${second}`)).status, 410, 'gone from its public page');
      t.equal((await seller(original, alice.token)).status, ProductStatus.ON_SALE, 'the original stays on sale');
      t.match((await flags()).find((x) => x.product_id === second), { status: CopyFlagStatus.TAKEN_DOWN, reason: '与他人花型相同' });
      t.equal(await checkPatternCopies(m.db, second, engine({ [original]: 0.99 }), 0.9), 0, 'a product off sale is not compared');
      const log = (await m.post<Page<AuditEntry>>('/platform/audit/list', { targetType: 'product', targetId: second }, m.operator.token)).body.data.list;
      t.match(log.map((e) => [e.action, e.operatorId]), [['copy.takeDown', m.operator.id], ['copy.flag', 0], ['copy.withdraw', 0], ['copy.flag', 0]], 'flagged, withdrawn, flagged again with the new pictures, taken down: each in the audit log');
      t.equal(log[0].note, '与他人花型相同');
    });

    t.test("the operator's product desk: search by title, code or company, take down and restore", async (t) => {
      const list = (body: object) => m.post<Page<PlatformProduct>>('/platform/product/list', body, m.operator.token);
      t.same((await list({ keyword: 'AL-00' })).body.data.list.map((p) => p.id).sort(), [original, aliceOther].sort(), 'by code');
      t.same((await list({ keyword: 'Lookalike' })).body.data.list.map((p) => p.id), [copy], 'by English title');
      t.same((await list({ keyword: '100%' })).body.data.total, 0, 'a % in the keyword matches itself');
      const companyName = (await list({ keyword: 'AL-001' })).body.data.list[0].companyName;
      t.same((await list({ keyword: companyName })).body.data.list.map((p) => p.id).sort(), [original, aliceOther].sort(), 'by company name');
      t.same((await list({ status: 'takenDown' })).body.data.list.map((p) => p.takedownReason), ['与他人花型相同']);
      t.equal((await list({ keyword: 'x'.repeat(41) })).status, 400, 'keyword bounded');
      t.equal((await m.post('/platform/product/takeDown', { id: aliceOther, reason: '图片侵权' }, m.operator.token)).body.code, 0);
      t.match((await list({ keyword: 'AL-002' })).body.data.list[0], { status: ProductStatus.TAKEN_DOWN, takedownReason: '图片侵权' });
      t.equal((await m.post('/platform/product/takeDown', { id: aliceOther, restore: true }, m.operator.token)).body.code, 0);
      t.match((await list({ keyword: 'AL-002' })).body.data.list[0], { status: ProductStatus.REMOVED, takedownReason: '' });
      const log = (await m.post<Page<AuditEntry>>('/platform/audit/list', { targetType: 'product', targetId: aliceOther }, m.operator.token)).body.data.list;
      t.match(log.map((e) => [e.action, e.operatorId, e.note]), [['product.restore', m.operator.id, ''], ['product.takeDown', m.operator.id, '图片侵权']], "the console's take-down and restore are in the audit log");
    });
  });
}
