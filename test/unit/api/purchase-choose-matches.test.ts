// Which products a purchase request's photo shows and which companies it invites (chooseMatches, MatchLimits):
// nothing unless the photo looks like lace (close to many products: its hit at the reference rank at least
// laceLevel, a quarter of the hits in a catalogue smaller than four times that rank), then the absolute floors
// and the inbox margin as before.
import t from 'tap';
import { chooseMatches, looksLikeLace } from '../../../api/modules/purchase/purchase.matching';
import { MatchLimits } from '../../../isomorphic/domain/purchase';

const k = MatchLimits.referenceRank;
const n40 = MatchLimits.candidates;
/** Hits best first, product i + 1 at scores[i]. */
const hitsOf = (scores: number[]) => scores.map((score, i) => ({ productId: i + 1, score }));
/** Product i + 1 belongs to company (i % companies) + 1; all on sale but those in offSale. */
const companiesOf = (n: number, companies: number, offSale: number[] = []) =>
  new Map(Array.from({ length: n }, (_, i) => [i + 1, (i % companies) + 1] as [number, number]).filter(([pid]) => !offSale.includes(pid)));
/** `n` scores falling by `step` from `best`. */
const falling = (best: number, step: number, n: number) => Array.from({ length: n }, (_, i) => best - i * step);
/** A best of `best`, then ranks 2.. falling from `second` by `step`: 40 hits. */
const list = (best: number, second: number, step: number, n = n40) => [best, ...falling(second, step, n - 1)];

t.test('the rule is a lace level at a rank among the candidates, on top of the floors', async (t) => {
  t.ok(k >= 2 && k <= n40, 'the reference rank is among the candidates');
  t.ok(MatchLimits.laceLevel < MatchLimits.showMin, 'the level is below the show floor');
  t.ok(MatchLimits.inboxMin >= MatchLimits.showMin, 'no company is invited for a product not shown');
});

t.test('close to one product only (a print or denim with no lace): nothing shown, nobody invited', async (t) => {
  // The best at 0.99, well above both floors, but rank k already far below the lace level.
  const scores = list(0.99, MatchLimits.laceLevel - 0.01, 0.001);
  t.ok(scores[k - 1] < MatchLimits.laceLevel);
  t.equal(looksLikeLace(scores.map((score) => ({ score }))), false);
  const r = chooseMatches(hitsOf(scores), companiesOf(scores.length, 13));
  t.same(r, { products: [], companies: [] });
});

t.test('close to many products (lace): the best shown and its company invited', async (t) => {
  const scores = list(0.99, MatchLimits.laceLevel + 0.03, 0.001);
  t.ok(scores[k - 1] >= MatchLimits.laceLevel);
  const r = chooseMatches(hitsOf(scores), companiesOf(scores.length, 40));
  t.same(r.products, [{ product_id: 1, company_id: 1, score: 0.99 }], 'the one product at or above showMin');
  t.same(r.companies, [{ company_id: 1, score: 0.99 }], 'its company invited');
});

t.test('close to many, but the best below showMin (a lace-like print at 0.973): nothing', async (t) => {
  const scores = list(MatchLimits.showMin - 0.003, MatchLimits.showMin - 0.004, 0.0002);
  t.ok(scores[k - 1] >= MatchLimits.laceLevel);
  t.same(chooseMatches(hitsOf(scores), companiesOf(scores.length, 13)), { products: [], companies: [] });
});

t.test('many look-alikes: at most `shown` products; companies within the margin of the best, at most `inboxCompanies`', async (t) => {
  const scores = falling(0.995, 0.001, n40); // 0.995 down to 0.956
  const r = chooseMatches(hitsOf(scores), companiesOf(scores.length, 40));
  t.equal(r.products.length, MatchLimits.shown);
  t.ok(r.products.every((p) => p.score >= MatchLimits.showMin));
  t.equal(r.companies.length, MatchLimits.inboxCompanies);
  t.ok(r.companies.every((c) => c.score >= Math.max(MatchLimits.inboxMin, 0.995 - MatchLimits.inboxMargin)));
});

t.test('products not on sale count in the reference but are never shown', async (t) => {
  // Only the best is on sale; ranks 2..k (off sale) make the photo look like lace.
  const scores = list(0.99, MatchLimits.laceLevel + 0.03, 0.001);
  const offSale = Array.from({ length: n40 - 1 }, (_, i) => i + 2);
  t.same(chooseMatches(hitsOf(scores), companiesOf(scores.length, 13, offSale)).products.map((p) => p.product_id), [1]);
  // The best off sale, the rest on sale below showMin: nothing shown, nobody invited.
  const r = chooseMatches(hitsOf(scores), companiesOf(scores.length, 13, [1]));
  t.same(r, { products: [], companies: [] });
});

t.test('a catalogue smaller than four times the reference rank: the reference is a quarter of its hits', async (t) => {
  // 10 products: rank 3 decides (ceil(10 / 4)).
  const lace = [0.99, MatchLimits.laceLevel + 0.01, MatchLimits.laceLevel + 0.005, ...falling(0.9, 0.01, 7)];
  t.equal(lace.length, 10);
  t.equal(looksLikeLace(lace.map((score) => ({ score }))), true, 'its third hit at the level: lace');
  t.same(chooseMatches(hitsOf(lace), companiesOf(10, 2)).products.map((p) => p.product_id), [1]);
  const print = [0.99, MatchLimits.laceLevel + 0.01, MatchLimits.laceLevel - 0.005, ...falling(0.9, 0.01, 7)];
  t.same(chooseMatches(hitsOf(print), companiesOf(10, 2)), { products: [], companies: [] }, 'its third hit below it: nothing');
  // 3 products: rank 2 (never the best itself).
  t.equal(looksLikeLace([{ score: 0.99 }, { score: MatchLimits.laceLevel }, { score: 0.5 }]), true);
  t.equal(looksLikeLace([{ score: 0.99 }, { score: MatchLimits.laceLevel - 0.001 }, { score: 0.5 }]), false);
  // 1 product: the floors alone.
  t.same(chooseMatches(hitsOf([0.99]), companiesOf(1, 1)).products.map((p) => p.product_id), [1]);
  t.same(chooseMatches(hitsOf([MatchLimits.showMin - 0.001]), companiesOf(1, 1)).products, []);
  t.same(chooseMatches([], new Map()), { products: [], companies: [] }, 'no hits: nothing');
});
