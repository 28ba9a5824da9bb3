// Enquiries (询盘): a signed-in user asks the owner of a product (its company), a supply offer (its
// company, or its poster when they have no shop) or a purchase request (its buyer), only about what they
// may read (SPEC §6: offers' details are for buyers, requests' for merchants) and never themselves. The
// owner answers in a thread; only the two parties read or write it (anyone else: "does not exist"). Each
// new enquiry and reply tells the other side through the message centre, in the same transaction.
import type { Kysely } from 'kysely';
import { mayReadPurchase, mayReadSupply } from '../../../isomorphic/domain/purchase';
import { userTypeLabels } from '../../../isomorphic/domain/catalogue';
import {
  EnquiryLimits, EnquiryTarget, enquiryTargetLabels, enquiryTargetPath, isEnquiryText, type EnquirySide, type EnquiryTargetKind,
} from '../../../isomorphic/domain/enquiry';
import { EnquiryCodes } from '../../../isomorphic/domain/enquiry-codes';
import { maskMobile } from '../../../isomorphic/domain/format';
import type { Page } from '../../../isomorphic/contracts/common';
import type { EnquiryAsk, EnquiryAsker, EnquiryItem, EnquiryListQuery, EnquiryReply, EnquiryThread, EnquiryUnread } from '../../../isomorphic/contracts/enquiry';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/envelope';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import type { UserRow } from '../account/session';
import { companyUserIds, userBriefs } from '../account/account.service';
import { companyNames } from '../company/company.service';
import { productSummaries } from '../catalogue/catalogue.service';
import { supplyForEnquiry } from '../supply/supply.service';
import { purchaseForEnquiry } from '../purchase/purchase.service';
import { notify } from '../notification/notification.service';
import {
  askedOf, countAskedSince, countRepliedSince, countReply, enquiries, findEnquiry, insertEnquiry, insertReply, repliesOf, updateEnquiry,
  type EnquiryRow, type Reader, type ReplyRow,
} from './enquiry.queries';

export interface EnquiryDeps { db: Kysely<Database>; storage: StorageDriver }

const refuse = (code: number, status = 400) => new ApiError(code, status);
const missing = () => refuse(EnquiryCodes.ENQUIRY_NOT_FOUND, 404);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Owner { companyId: number | null; userId: number | null; subject: string; subjectEn: string }

/** Who owns what is asked about, refusing what this user may not ask about. */
async function ownerOf(deps: EnquiryDeps, user: UserRow, kind: EnquiryTargetKind, id: number, now: Date): Promise<Owner> {
  let owner: Owner;
  if (kind === EnquiryTarget.PRODUCT) {
    const p = (await productSummaries(deps, [id])).get(id);
    if (!p) throw refuse(EnquiryCodes.ENQUIRY_TARGET, 404);
    owner = { companyId: p.companyId, userId: null, subject: p.title, subjectEn: p.titleEn };
  } else if (kind === EnquiryTarget.SUPPLY) {
    const s = await supplyForEnquiry(deps.db, id);
    if (!s?.open) throw refuse(EnquiryCodes.ENQUIRY_TARGET, 404);
    if (s.userId === user.id) throw refuse(EnquiryCodes.ENQUIRY_OWN_TARGET);
    if (!mayReadSupply(user.user_type)) throw refuse(EnquiryCodes.ENQUIRY_SUPPLY_BUYERS_ONLY, 403);
    owner = { companyId: s.companyId, userId: s.companyId === null ? s.userId : null, subject: s.description, subjectEn: '' };
  } else {
    const r = await purchaseForEnquiry(deps.db, id, now);
    if (!r?.open) throw refuse(EnquiryCodes.ENQUIRY_TARGET, 404);
    if (r.buyerId === user.id) throw refuse(EnquiryCodes.ENQUIRY_OWN_TARGET);
    if (!mayReadPurchase(user.user_type)) throw refuse(EnquiryCodes.ENQUIRY_PURCHASE_MERCHANTS_ONLY, 403);
    owner = { companyId: null, userId: r.buyerId, subject: r.description, subjectEn: '' };
  }
  if ((owner.companyId !== null && owner.companyId === user.company_id) || owner.userId === user.id) throw refuse(EnquiryCodes.ENQUIRY_OWN_TARGET);
  return owner;
}

/** The side this user is on, or null when they are neither party. */
function sideOf(user: Pick<UserRow, 'id' | 'company_id'>, row: EnquiryRow): EnquirySide | null {
  if (row.asker_id === user.id) return 'asker';
  if ((row.seller_company_id !== null && row.seller_company_id === user.company_id) || row.seller_user_id === user.id) return 'seller';
  return null;
}

const readerOf = (user: UserRow): Reader => ({ userId: user.id, companyId: user.company_id });

/** The users a side's news goes to: the seller company's people, its owner, or the asker. */
async function sideUsers(db: Kysely<Database>, row: EnquiryRow, side: EnquirySide): Promise<number[]> {
  if (side === 'asker') return [row.asker_id];
  if (row.seller_company_id !== null) return companyUserIds(db, row.seller_company_id);
  return row.seller_user_id === null ? [] : [row.seller_user_id];
}

/** Where a side reads the thread. */
function threadLink(row: EnquiryRow, side: EnquirySide): string {
  if (side === 'seller' && row.seller_company_id !== null) return `/home/shopManage/enquiry?id=${row.id}`;
  return `/home/person/enquiry?box=${side === 'seller' ? 'received' : 'sent'}&id=${row.id}`;
}

const excerpt = (s: string) => ([...s].length > 60 ? `${[...s].slice(0, 60).join('')}…` : s);

interface Names { users: Map<number, { nickname: string }>; companies: Map<number, { name: string; nameEn: string }> }

async function namesFor(db: Kysely<Database>, rows: EnquiryRow[]): Promise<Names> {
  const companies = [...new Set(rows.flatMap((r) => [r.asker_company_id, r.seller_company_id]).filter((c): c is number => c !== null))];
  const [users, names] = await Promise.all([userBriefs(db, rows.map((r) => r.asker_id)), companyNames(db, companies)]);
  return { users, companies: names };
}

const companyName = (n: Names, id: number | null, lang: Lang) => {
  const c = id === null ? undefined : n.companies.get(id);
  return c ? (lang === 'en' && c.nameEn ? c.nameEn : c.name) : '';
};

function toItem(row: EnquiryRow, side: EnquirySide, n: Names, lang: Lang): EnquiryItem {
  const unread = side === 'seller'
    ? row.seller_read_at === null || row.seller_read_at < row.last_asker_at
    : row.last_seller_at !== null && (row.asker_read_at === null || row.asker_read_at < row.last_seller_at);
  return {
    id: row.id, kind: row.kind, kindLabel: enquiryTargetLabels[row.kind as EnquiryTargetKind]?.[lang] ?? '', targetId: row.target_id,
    targetPath: enquiryTargetPath(row.kind, row.target_id), subject: lang === 'en' && row.subject_en ? row.subject_en : row.subject, text: row.text, side,
    askerId: row.asker_id, askerName: n.users.get(row.asker_id)?.nickname ?? '', askerCompany: companyName(n, row.asker_company_id, lang),
    sellerName: companyName(n, row.seller_company_id, lang), replyCount: row.reply_count, answered: row.last_seller_at !== null, unread,
    createdAt: row.created_at, lastAt: row.updated_at,
  };
}

function toReply(r: ReplyRow, item: EnquiryItem, user: UserRow): EnquiryReply {
  const side: EnquirySide = r.from_seller === 1 ? 'seller' : 'asker';
  return { id: r.id, side, authorName: side === 'asker' ? item.askerCompany || item.askerName : item.sellerName, text: r.text, mine: r.author_id === user.id, createdAt: r.created_at };
}

async function threadOf(deps: EnquiryDeps, user: UserRow, row: EnquiryRow, side: EnquirySide, lang: Lang): Promise<EnquiryThread> {
  const [n, replies] = await Promise.all([namesFor(deps.db, [row]), repliesOf(deps.db, row.id)]);
  const enquiry = toItem(row, side, n, lang);
  return { enquiry, replies: replies.map((r) => toReply(r, enquiry, user)) };
}

function cleanText(text: string): string {
  const t = text.trim();
  if (!isEnquiryText(t)) throw refuse(EnquiryCodes.ENQUIRY_TEXT);
  return t;
}

/** /enquiry/askPurchase: asks the owner of a product, an offer or a request; they are told at once. */
export async function ask(deps: EnquiryDeps, user: UserRow, input: EnquiryAsk, lang: Lang, now = new Date()): Promise<EnquiryThread> {
  const text = cleanText(input.text);
  const owner = await ownerOf(deps, user, input.kind as EnquiryTargetKind, input.targetId, now);
  const [lastHour, lastDay] = await Promise.all([
    countAskedSince(deps.db, user.id, new Date(now.getTime() - HOUR).toISOString()),
    countAskedSince(deps.db, user.id, new Date(now.getTime() - DAY).toISOString()),
  ]);
  if (lastHour >= EnquiryLimits.asksPerHour || lastDay >= EnquiryLimits.asksPerDay) throw refuse(EnquiryCodes.ENQUIRY_TOO_MANY, 429);
  const at = now.toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await insertEnquiry(trx, {
      asker_id: user.id, asker_company_id: user.company_id, kind: input.kind, target_id: input.targetId, subject: owner.subject, subject_en: owner.subjectEn,
      seller_company_id: owner.companyId, seller_user_id: owner.userId, text, reply_count: 0,
      last_asker_at: at, last_seller_at: null, asker_read_at: at, seller_read_at: null, created_at: at, updated_at: at,
    });
    const asker = user.company_id === null ? user.nickname : (await companyNames(trx, [user.company_id])).get(user.company_id)?.name ?? user.nickname;
    await notify(trx, await sideUsers(trx, created, 'seller'), { kind: 'enquiryNew', params: { asker, text: excerpt(text), enquiry: created.id }, link: threadLink(created, 'seller') }, now);
    return created;
  });
  return threadOf(deps, user, row, 'asker', lang);
}

/** A thread one of its parties may read; anyone else is told it does not exist. */
async function partyThread(deps: EnquiryDeps, user: UserRow, id: number): Promise<{ row: EnquiryRow; side: EnquirySide }> {
  const row = await findEnquiry(deps.db, id);
  const side = row ? sideOf(user, row) : null;
  if (!row || !side) throw missing();
  return { row, side };
}

/** /enquiry/thread: the enquiry and its replies; marks the reader's side as having read them. */
export async function thread(deps: EnquiryDeps, user: UserRow, id: number, lang: Lang, now = new Date()): Promise<EnquiryThread> {
  const { row, side } = await partyThread(deps, user, id);
  const read = await updateEnquiry(deps.db, row.id, side === 'seller' ? { seller_read_at: now.toISOString() } : { asker_read_at: now.toISOString() });
  return threadOf(deps, user, read, side, lang);
}

/** /enquiry/reply: either party writes under the enquiry; the other side is told. */
export async function reply(deps: EnquiryDeps, user: UserRow, input: { id: number; text: string }, lang: Lang, now = new Date()): Promise<EnquiryThread> {
  const { row, side } = await partyThread(deps, user, input.id);
  const text = cleanText(input.text);
  if ((await countRepliedSince(deps.db, user.id, new Date(now.getTime() - HOUR).toISOString())) >= EnquiryLimits.repliesPerHour) {
    throw refuse(EnquiryCodes.ENQUIRY_REPLIES_TOO_MANY, 429);
  }
  const at = now.toISOString();
  const updated = await deps.db.transaction().execute(async (trx) => {
    const set = side === 'seller' ? { last_seller_at: at, seller_read_at: at, updated_at: at } : { last_asker_at: at, asker_read_at: at, updated_at: at };
    if (!(await countReply(trx, row.id, EnquiryLimits.maxReplies, set))) throw refuse(EnquiryCodes.ENQUIRY_THREAD_FULL, 409);
    await insertReply(trx, { enquiry_id: row.id, author_id: user.id, from_seller: side === 'seller' ? 1 : 0, text, created_at: at });
    const other: EnquirySide = side === 'seller' ? 'asker' : 'seller';
    const n = await namesFor(trx, [row]);
    const from = side === 'seller' ? companyName(n, row.seller_company_id, 'zh') || user.nickname : companyName(n, row.asker_company_id, 'zh') || user.nickname;
    await notify(trx, await sideUsers(trx, row, other), { kind: 'enquiryReply', params: { from, text: excerpt(text), enquiry: row.id }, link: threadLink(row, other) }, now);
    return (await findEnquiry(trx, row.id)) ?? row;
  });
  return threadOf(deps, user, updated, side, lang);
}

/** /enquiry/list: the enquiries to me (my company's and my own), or the ones I sent, newest activity first. */
export async function list(deps: EnquiryDeps, user: UserRow, q: EnquiryListQuery, lang: Lang): Promise<Page<EnquiryItem>> {
  const found = enquiries(deps.db, { box: q.box, reader: readerOf(user), kind: q.kind, state: q.state, keyword: q.keyword?.trim() || undefined, askerId: q.askerId });
  const [rows, total] = await Promise.all([found.rows((q.pageNum - 1) * q.pageSize, q.pageSize), found.count()]);
  const n = await namesFor(deps.db, rows);
  const side: EnquirySide = q.box === 'sent' ? 'asker' : 'seller';
  return { list: rows.map((r) => toItem(r, side, n, lang)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** /enquiry/unreadCount: the enquiries to me (my company's and my own) with news I have not read (the menus' badge). */
export async function unreadCount(deps: EnquiryDeps, user: UserRow): Promise<EnquiryUnread> {
  return { received: await enquiries(deps.db, { box: 'received', reader: readerOf(user), state: 'unread' }).count() };
}

/** /enquiry/askUser: who asked, for a reader who has an enquiry from them (anyone else: refused). */
export async function askUser(deps: EnquiryDeps, user: UserRow, askerId: number, lang: Lang): Promise<EnquiryAsker> {
  const { n, first, last } = await askedOf(deps.db, askerId, readerOf(user));
  if (n === 0 || !first || !last) throw refuse(EnquiryCodes.ENQUIRY_ASKER_NOT_FOUND, 404);
  const brief = (await userBriefs(deps.db, [askerId])).get(askerId);
  if (!brief) throw refuse(EnquiryCodes.ENQUIRY_ASKER_NOT_FOUND, 404);
  const company = last.asker_company_id === null ? undefined : (await companyNames(deps.db, [last.asker_company_id])).get(last.asker_company_id);
  return {
    id: brief.id, nickname: brief.nickname, userType: brief.userType, userTypeLabel: userTypeLabels[brief.userType]?.[lang] ?? '', mobile: maskMobile(brief.mobile),
    companyId: company ? last.asker_company_id : null, companyName: company?.name ?? '', companyNameEn: company?.nameEn ?? '', enquiries: n, firstAskedAt: first.created_at,
  };
}
