// Supply offers (供应): manufacturers and traders (types 1 and 2) post, edit, close, reopen and delete
// their own; the details are open only to buyers (type 3, SPEC §6) and the owner; anyone sees a teaser.
import type { Kysely } from 'kysely';
import { tradeCodeMessages } from '../../../isomorphic/domain/trade-messages';
import { FavouriteType, patternTypeLabels, unitLabels } from '../../../isomorphic/domain/catalogue';
import { mayReadSupply } from '../../../isomorphic/domain/purchase';
import {
  mayOfferSupply, supplyNext, supplyProblem, SupplyLimits, SupplyStatus, supplyStatusLabels, type SupplyAction, type SupplyInput, type SupplyProblem,
} from '../../../isomorphic/domain/supply';
import type { Page } from '../../../isomorphic/contracts/common';
import type { SupplyCounts, SupplyDetail, SupplyListItem, SupplyTeaser, SupplyView } from '../../../isomorphic/contracts/supply';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/envelope';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import type { UserRow } from '../account/session';
import { filesOwnedBy } from '../file/upload.service';
import { companyNames } from '../company/company.service';
import { followerCounts } from '../favourite/favourite.joins';
import { countsByStatus, findSupplies, findSupply, insertSupply, supplies, updateSupplyIf, type SupplyFilter, type SupplyRow } from './supply.queries';
import { TradeCodes } from '../../../isomorphic/domain/trade-codes';

export interface SupplyDeps { db: Kysely<Database>; storage: StorageDriver }
export type Viewer = Pick<UserRow, 'id' | 'user_type'> | null;

const refuse = (code: number, status = 400) => new ApiError(code, status);
export const supplyMissing = () => refuse(TradeCodes.SUPPLY_NOT_FOUND, 404);

const problemCodes: Record<SupplyProblem, number> = {
  description: TradeCodes.SUPPLY_DESCRIPTION, quantity: TradeCodes.SUPPLY_QUANTITY, image: TradeCodes.SUPPLY_IMAGE, catalogue: TradeCodes.SUPPLY_CATALOGUE,
};

/** Why this viewer may not read an offer's details, or null when they may. */
export function supplyRefusal(viewer: Viewer, row: Pick<SupplyRow, 'user_id'>): number | null {
  if (viewer && viewer.id === row.user_id) return null;
  if (!viewer) return TradeCodes.SUPPLY_SIGN_IN;
  return mayReadSupply(viewer.user_type) ? null : TradeCodes.SUPPLY_BUYERS_ONLY;
}

interface Extras { names: Map<number, { name: string; nameEn: string }>; favourites: Map<number, number> }

async function extras(db: Kysely<Database>, rows: SupplyRow[]): Promise<Extras> {
  const companies = [...new Set(rows.flatMap((r) => (r.company_id === null ? [] : [r.company_id])))];
  const [names, favourites] = await Promise.all([companyNames(db, companies), followerCounts(db, FavouriteType.SUPPLY, rows.map((r) => r.id))]);
  return { names, favourites };
}

function teaser(r: SupplyRow, x: Extras, lang: Lang): SupplyTeaser {
  const c = r.company_id === null ? undefined : x.names.get(r.company_id);
  return {
    id: r.id, companyId: r.company_id, companyName: c?.name ?? '', companyNameEn: c?.nameEn ?? '', catalogue: r.catalogue,
    catalogueLabel: patternTypeLabels[r.catalogue]?.[lang] ?? '', unit: r.unit, unitLabel: unitLabels[r.unit]?.[lang] ?? '', status: r.status,
    statusLabel: supplyStatusLabels[r.status]?.[lang] ?? '', favouriteCount: x.favourites.get(r.id) ?? 0, createdAt: r.created_at,
  };
}

function detail(storage: StorageDriver, viewer: Viewer, r: SupplyRow, x: Extras, lang: Lang): SupplyDetail {
  return {
    ...teaser(r, x, lang), imagePath: r.image_path, imageUrl: storage.url(r.image_path), sample: r.sample === 1, quantity: r.quantity,
    description: r.description, mine: viewer?.id === r.user_id, updatedAt: r.updated_at,
  };
}

function listItem(storage: StorageDriver, viewer: Viewer, r: SupplyRow, x: Extras, lang: Lang): SupplyListItem {
  const open = supplyRefusal(viewer, r) === null;
  return {
    ...teaser(r, x, lang), description: open ? r.description : null, imageUrl: open ? storage.url(r.image_path) : null,
    quantity: open ? r.quantity : null, mine: viewer?.id === r.user_id,
  };
}

async function checkInput(db: Kysely<Database>, user: UserRow, input: SupplyInput): Promise<SupplyInput> {
  const clean = { ...input, description: input.description.trim(), imagePath: input.imagePath.trim() };
  const problem = supplyProblem(clean);
  if (problem) throw refuse(problemCodes[problem]);
  if (!(await filesOwnedBy(db, user.id, [clean.imagePath])).has(clean.imagePath)) throw refuse(TradeCodes.SUPPLY_IMAGE);
  return clean;
}

const sellersOnly = (user: UserRow) => {
  if (!mayOfferSupply(user.user_type)) throw refuse(TradeCodes.SUPPLY_SELLERS_ONLY, 403);
};

/** /companySupply/release: a manufacturer or trader offers a supply, in supply at once. */
export async function releaseSupply(deps: SupplyDeps, user: UserRow, input: SupplyInput, lang: Lang, now = new Date()): Promise<SupplyDetail> {
  sellersOnly(user);
  const clean = await checkInput(deps.db, user, input);
  const open = (await countsByStatus(deps.db, user.id)).get(SupplyStatus.IN_SUPPLY) ?? 0;
  if (open >= SupplyLimits.maxOpenPerUser) throw refuse(TradeCodes.SUPPLY_OPEN_LIMIT);
  const at = now.toISOString();
  const row = await insertSupply(deps.db, {
    user_id: user.id, company_id: user.company_id, image_path: clean.imagePath, catalogue: clean.catalogue, sample: clean.sample ? 1 : 0,
    quantity: clean.quantity, unit: clean.unit, description: clean.description, status: SupplyStatus.IN_SUPPLY, created_at: at, updated_at: at,
  });
  return detail(deps.storage, user, row, await extras(deps.db, [row]), lang);
}

/** The owner's offer by id; someone else's (or a deleted one) answers "does not exist". */
async function ownSupply(db: Kysely<Database>, user: UserRow, id: number): Promise<SupplyRow> {
  const row = await findSupply(db, id);
  if (!row || row.user_id !== user.id) throw supplyMissing();
  return row;
}

async function move(deps: SupplyDeps, user: UserRow, id: number, action: SupplyAction, set: Partial<Omit<SupplyRow, 'id'>>, lang: Lang, now: Date): Promise<SupplyDetail> {
  const row = await ownSupply(deps.db, user, id);
  const to = supplyNext(row.status, action);
  if (to === null) throw refuse(TradeCodes.SUPPLY_ACTION_NOT_ALLOWED, 409);
  const updated = await updateSupplyIf(deps.db, id, row.status, { ...set, status: to, updated_at: now.toISOString() });
  if (!updated) throw refuse(TradeCodes.SUPPLY_ACTION_NOT_ALLOWED, 409);
  if (to === SupplyStatus.DELETED) return detail(deps.storage, user, updated, { names: new Map(), favourites: new Map() }, lang);
  return detail(deps.storage, user, updated, await extras(deps.db, [updated]), lang);
}

export async function editSupply(deps: SupplyDeps, user: UserRow, id: number, input: SupplyInput, lang: Lang, now = new Date()): Promise<SupplyDetail> {
  await ownSupply(deps.db, user, id);
  const clean = await checkInput(deps.db, user, input);
  return move(deps, user, id, 'edit', {
    image_path: clean.imagePath, catalogue: clean.catalogue, sample: clean.sample ? 1 : 0, quantity: clean.quantity, unit: clean.unit, description: clean.description,
  }, lang, now);
}

export const setSupplyStatus = (deps: SupplyDeps, user: UserRow, id: number, action: 'close' | 'reopen' | 'delete', lang: Lang, now = new Date()) =>
  move(deps, user, id, action, {}, lang, now);

/** One offer by id: details for buyers and its owner; a teaser and the reason for anyone else. */
export async function supplyView(deps: SupplyDeps, viewer: Viewer, id: number, lang: Lang): Promise<SupplyView> {
  const row = await findSupply(deps.db, id);
  if (!row) throw supplyMissing();
  const x = await extras(deps.db, [row]);
  const hidden = supplyRefusal(viewer, row);
  return {
    teaser: teaser(row, x, lang),
    detail: hidden === null ? detail(deps.storage, viewer, row, x, lang) : null,
    hidden: hidden === null ? null : { code: hidden, message: tradeCodeMessages[hidden][lang] },
  };
}

async function page(deps: SupplyDeps, viewer: Viewer, f: SupplyFilter, q: { pageNum: number; pageSize: number }, lang: Lang): Promise<Page<SupplyListItem>> {
  const found = supplies(deps.db, f);
  const [rows, total] = await Promise.all([found.rows((q.pageNum - 1) * q.pageSize, q.pageSize), found.count()]);
  const x = await extras(deps.db, rows);
  return { list: rows.map((r) => listItem(deps.storage, viewer, r, x, lang)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The hall: offers in supply, newest first. */
export const listOpenSupplies = (deps: SupplyDeps, viewer: Viewer, q: { pageNum: number; pageSize: number; catalogue?: number; unit?: number }, lang: Lang) =>
  page(deps, viewer, { status: SupplyStatus.IN_SUPPLY, catalogue: q.catalogue, unit: q.unit }, q, lang);

/** /companySupply/listMyCompanySupplys: the owner's offers (not deleted), optionally by status. */
export function mySupplies(deps: SupplyDeps, user: UserRow, q: { pageNum: number; pageSize: number; status?: number }, lang: Lang): Promise<Page<SupplyListItem>> {
  sellersOnly(user);
  return page(deps, user, { userId: user.id, status: q.status }, q, lang);
}

/** /companySupply/countByStatus */
export async function supplyCounts(deps: SupplyDeps, user: UserRow): Promise<SupplyCounts> {
  sellersOnly(user);
  const m = await countsByStatus(deps.db, user.id);
  const inSupply = m.get(SupplyStatus.IN_SUPPLY) ?? 0;
  const closed = m.get(SupplyStatus.CLOSED) ?? 0;
  return { inSupply, closed, total: inSupply + closed };
}

/** Whether an offer can be followed: it exists and is in supply. */
export async function isSupplyOpen(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await findSupply(db, id);
  return row?.status === SupplyStatus.IN_SUPPLY;
}

/** List rows of these offers as this viewer may see them (deleted ones left out). */
export async function supplySummaries(deps: SupplyDeps, viewer: Viewer, ids: number[], lang: Lang): Promise<Map<number, SupplyListItem>> {
  const rows = await findSupplies(deps.db, ids);
  const x = await extras(deps.db, rows);
  return new Map(rows.map((r) => [r.id, listItem(deps.storage, viewer, r, x, lang)]));
}

/** What the enquiry module needs of an offer: its owner, company, description and whether it is in supply; null when there is none. */
export async function supplyForEnquiry(db: Kysely<Database>, id: number): Promise<{ userId: number; companyId: number | null; description: string; open: boolean } | null> {
  const row = await findSupply(db, id);
  return row ? { userId: row.user_id, companyId: row.company_id, description: row.description, open: row.status === SupplyStatus.IN_SUPPLY } : null;
}
