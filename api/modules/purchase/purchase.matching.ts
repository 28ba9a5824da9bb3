// A request with a photo finds lace at once (issue 19 item 5). When a request is posted, or republished
// with a new picture, the photo search runs on its picture off the request path: on the queue and engine
// the catalogue's re-indexing uses (search/index-product.ts), tried again later while the engine is busy or
// not started, never blocking or failing the post. The run stores the best products on sale with their
// scores (the buyer sees them on /buy/{id}) and the companies whose patterns match best (MatchLimits:
// they get the request first in their list, marked, and a message). A restart drops runs in flight: the
// purchase sweep asks them again.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MatchLimits, MatchStatus, matchStates } from '../../../isomorphic/domain/purchase';
import type { PurchaseMatch, PurchaseMatches } from '../../../isomorphic/contracts/purchase';
import { inIndexQueue, searchStoredPicture } from '../search/index-product';
import { productSummaries } from '../catalogue/catalogue.service';
import { companyUserIds } from '../account/account.service';
import { notify } from '../notification/notification.service';
import type { UserRow } from '../account/session';
import { endMatch, findRequest, matchesOf, saveMatches, stalePendingMatches } from './purchase.queries';
import { purchaseMissing, type PurchaseDeps } from './purchase.requests';

export interface MatchLog { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void }

interface Runs { inFlight: Set<number>; again: Set<number>; timers: Set<NodeJS.Timeout>; stopped: boolean }
// Per database: several apps can live in one process (tests).
const runsByDb = new WeakMap<Kysely<Database>, Runs>();
const runsOf = (db: Kysely<Database>): Runs => {
  let r = runsByDb.get(db);
  if (!r) runsByDb.set(db, (r = { inFlight: new Set(), again: new Set(), timers: new Set(), stopped: false }));
  return r;
};

type Outcome = 'done' | 'none' | 'later' | 'gone';

/** The limits chooseMatches applies (MatchLimits; test/bench/match-rules.ts tries others). */
export type MatchRule = Record<'shown' | 'showMin' | 'inboxMin' | 'inboxMargin' | 'inboxCompanies' | 'referenceRank' | 'laceLevel', number>;

/**
 * Whether a photo's hits (best first, every hit, on sale or not) read as lace: its hit at the reference
 * rank (`referenceRank`, or a quarter of a catalogue smaller than four times that, at least the second)
 * scores at least `laceLevel`. Lace is close to many lace products; a print, denim or a plain weave with no
 * lace that comes close to one product is close to few. A catalogue of one product: true (the floors
 * alone). See MatchLimits for the values and why.
 */
export function looksLikeLace(hits: ReadonlyArray<{ score: number }>, rule: MatchRule = MatchLimits): boolean {
  if (hits.length < 2) return true;
  const rank = Math.min(rule.referenceRank, Math.max(2, Math.ceil(hits.length / 4)));
  return hits[rank - 1].score >= rule.laceLevel;
}

/**
 * Which products to show and which companies to invite, from the search's hits (best first, on sale or
 * not) and the company of each product on sale: none unless the photo looks like lace (looksLikeLace); then
 * the products at or above `showMin`, and the companies whose best product is at or above `inboxMin` and
 * within `inboxMargin` of the best on sale. See MatchLimits for the values and why.
 */
export function chooseMatches(hits: Array<{ productId: number; score: number }>, companyOf: Map<number, number>, rule: MatchRule = MatchLimits) {
  if (!looksLikeLace(hits, rule)) return { products: [], companies: [] };
  const onSale = hits.filter((h) => companyOf.has(h.productId));
  const products = onSale.filter((h) => h.score >= rule.showMin).slice(0, rule.shown)
    .map((h) => ({ product_id: h.productId, company_id: companyOf.get(h.productId) as number, score: h.score }));
  const best = new Map<number, number>();
  for (const h of onSale) {
    const c = companyOf.get(h.productId) as number;
    if (!best.has(c)) best.set(c, h.score);
  }
  const cut = Math.max(rule.inboxMin, (onSale[0]?.score ?? 0) - rule.inboxMargin);
  const companies = [...best].filter(([, score]) => score >= cut).slice(0, rule.inboxCompanies).map(([company_id, score]) => ({ company_id, score }));
  return { products, companies };
}

/** One run: the photo search on the request's picture, then its products and companies stored and told. */
async function runMatch(deps: PurchaseDeps, id: number, log: MatchLog): Promise<Outcome> {
  const row = await findRequest(deps.db, id);
  if (!row || row.match_status !== MatchStatus.PENDING) return 'gone';
  const image = row.match_image;
  const found = await searchStoredPicture(deps.db, deps.storage, image, MatchLimits.candidates);
  if (found.kind === 'later') return 'later';
  if (found.kind === 'noPicture') {
    await endMatch(deps.db, id, image, MatchStatus.NONE);
    return 'none';
  }
  const summaries = await productSummaries(deps, found.hits.map((h) => h.productId));
  const { products, companies } = chooseMatches(found.hits, new Map([...summaries].map(([pid, s]) => [pid, s.companyId])));
  const at = new Date();
  const invited = await deps.db.transaction().execute(async (trx) => {
    const before = await saveMatches(trx, id, image, products, companies, at.toISOString());
    if (before === null) return null;
    // A company told of this request's earlier picture is not told again.
    for (const c of companies.filter((x) => !before.has(x.company_id))) {
      await notify(trx, await companyUserIds(trx, c.company_id), { kind: 'purchaseMatch', params: { request: id, description: row.description }, link: `/buy/${id}` }, at);
    }
    return companies.length;
  });
  log.info({ purchaseId: id, ms: found.ms, hits: found.hits.length, shown: products.length, invited, best: found.hits[0]?.score }, 'purchase photo matching finished');
  return 'done';
}

/** Queues a run of a request whose run is pending; busy or not-started engines are tried again later. */
export function matchLater(deps: PurchaseDeps, id: number, log: MatchLog): void {
  const runs = runsOf(deps.db);
  if (runs.stopped) return;
  // Asked again while a run is in flight (a republish with a new picture): once it ends, it runs again.
  if (runs.inFlight.has(id)) return void runs.again.add(id);
  runs.inFlight.add(id);
  const attempt = (n: number): void => {
    void inIndexQueue(() => runMatch(deps, id, log)).then(async (outcome) => {
      if (outcome !== 'later' && runs.again.delete(id)) return attempt(0);
      if (outcome !== 'later') return runs.inFlight.delete(id);
      const wait = MatchLimits.retryMs[n];
      if (wait === undefined || runs.stopped) {
        runs.inFlight.delete(id);
        if (!runs.stopped) {
          const row = await findRequest(deps.db, id);
          if (row) await endMatch(deps.db, id, row.match_image, MatchStatus.FAILED);
          log.warn({ purchaseId: id }, 'purchase photo matching gave up: photo search stayed busy');
        }
        return;
      }
      const timer = setTimeout(() => { runs.timers.delete(timer); attempt(n + 1); }, wait);
      timer.unref();
      runs.timers.add(timer);
    }).catch(async (err: unknown) => {
      runs.inFlight.delete(id);
      if (runs.stopped) return;
      log.warn({ err, purchaseId: id }, 'purchase photo matching failed');
      const row = await findRequest(deps.db, id).catch(() => undefined);
      if (row) await endMatch(deps.db, id, row.match_image, MatchStatus.FAILED).catch(() => undefined);
    });
  };
  attempt(0);
}

/** The sweep: runs asked long ago and still pending (dropped by a restart) are asked again. */
export async function requeueStaleMatches(deps: PurchaseDeps, log: MatchLog, now = new Date()): Promise<number> {
  const stale = await stalePendingMatches(deps.db, new Date(now.getTime() - MatchLimits.staleMs).toISOString());
  for (const r of stale) matchLater(deps, r.id, log);
  return stale.length;
}

/** On close: no more runs or retries for this database. */
export function stopMatching(db: Kysely<Database>): void {
  const runs = runsOf(db);
  runs.stopped = true;
  for (const t of runs.timers) clearTimeout(t);
  runs.timers.clear();
}

/**
 * /productBuy/matches: the products on sale that look like the request's picture, for its buyer only
 * (SPEC §6: merchants read the request, not who else it reached; others read nothing of it).
 */
export async function purchaseMatches(deps: PurchaseDeps, user: Pick<UserRow, 'id'>, id: number): Promise<PurchaseMatches> {
  const row = await findRequest(deps.db, id);
  if (!row || row.buyer_id !== user.id) throw purchaseMissing();
  const state = matchStates[row.match_status as keyof typeof matchStates] ?? 'none';
  if (state !== 'done') return { state, list: [] };
  const rows = await matchesOf(deps.db, id);
  const summaries = await productSummaries(deps, rows.map((r) => r.product_id));
  const list: PurchaseMatch[] = [];
  for (const r of rows) {
    const s = summaries.get(r.product_id);
    if (!s) continue; // off sale since the run
    list.push({
      productId: s.id, score: Math.round(Number(r.score) * 10000) / 10000, companyId: s.companyId, companyName: s.companyName, companyNameEn: s.companyNameEn,
      title: s.title, titleEn: s.titleEn, code: s.code, coverUrl: s.coverUrl, price: s.price, unit: s.unit,
    });
  }
  return { state, list };
}
