// SQL over the enquiry module's own tables (enquiry, enquiry_reply).
import { sql, type SqlBool, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { EnquiryReplyTable, EnquiryTable } from './enquiry.table';

export type EnquiryRow = Selectable<EnquiryTable>;
export type ReplyRow = Selectable<EnquiryReplyTable>;

/** Who reads a box: the user, and the company they act for (if any). */
export interface Reader { userId: number; companyId: number | null }

export const insertEnquiry = (db: Kysely<Database>, row: Insertable<EnquiryTable>) =>
  db.insertInto('enquiry').values(row).returningAll().executeTakeFirstOrThrow();

export const findEnquiry = (db: Kysely<Database>, id: number) =>
  db.selectFrom('enquiry').selectAll().where('id', '=', id).executeTakeFirst();

export const updateEnquiry = (db: Kysely<Database>, id: number, set: Updateable<EnquiryTable>) =>
  db.updateTable('enquiry').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** Adds one to the reply count unless the thread is full; false when it was. */
export async function countReply(db: Kysely<Database>, id: number, max: number, set: Updateable<EnquiryTable>): Promise<boolean> {
  const r = await db.updateTable('enquiry').set((eb) => ({ ...set, reply_count: eb('reply_count', '+', 1) }))
    .where('id', '=', id).where('reply_count', '<', max).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const insertReply = (db: Kysely<Database>, row: Insertable<EnquiryReplyTable>) =>
  db.insertInto('enquiry_reply').values(row).returningAll().executeTakeFirstOrThrow();

export const repliesOf = (db: Kysely<Database>, enquiryId: number) =>
  db.selectFrom('enquiry_reply').selectAll().where('enquiry_id', '=', enquiryId).orderBy('id').execute();

/** Enquiries this user asked since `since`. */
export async function countAskedSince(db: Kysely<Database>, askerId: number, since: string): Promise<number> {
  const r = await db.selectFrom('enquiry').select((eb) => eb.fn.countAll<number>().as('n')).where('asker_id', '=', askerId).where('created_at', '>=', since).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Replies this user wrote since `since`. */
export async function countRepliedSince(db: Kysely<Database>, authorId: number, since: string): Promise<number> {
  const r = await db.selectFrom('enquiry_reply').select((eb) => eb.fn.countAll<number>().as('n')).where('author_id', '=', authorId).where('created_at', '>=', since).executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface EnquiryFilter {
  box: 'received' | 'sent';
  reader: Reader;
  kind?: number;
  state?: 'unanswered' | 'answered' | 'unread';
  keyword?: string;
  askerId?: number;
}

/** `%keyword%` for LIKE, with `!` escaping the wildcards the person typed. */
const contains = (keyword: string) => `%${keyword.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** Enquiries to this reader: their company's, or their own (requests, offers without a shop). */
function toReader(eb: ExpressionBuilder<Database, 'enquiry'>, { userId, companyId }: Reader) {
  return companyId === null ? eb('seller_user_id', '=', userId) : eb.or([eb('seller_company_id', '=', companyId), eb('seller_user_id', '=', userId)]);
}

export function enquiries(db: Kysely<Database>, f: EnquiryFilter) {
  let q = db.selectFrom('enquiry');
  if (f.box === 'sent') q = q.where('asker_id', '=', f.reader.userId);
  else q = q.where((eb) => toReader(eb, f.reader));
  if (f.kind !== undefined) q = q.where('kind', '=', f.kind);
  if (f.askerId !== undefined) q = q.where('asker_id', '=', f.askerId);
  if (f.state === 'unanswered') q = q.where('last_seller_at', 'is', null);
  if (f.state === 'answered') q = q.where('last_seller_at', 'is not', null);
  if (f.state === 'unread') {
    q = f.box === 'sent'
      ? q.where('last_seller_at', 'is not', null).where((eb) => eb.or([eb('asker_read_at', 'is', null), eb('asker_read_at', '<', eb.ref('last_seller_at'))]))
      : q.where((eb) => eb.or([eb('seller_read_at', 'is', null), eb('seller_read_at', '<', eb.ref('last_asker_at'))]));
  }
  if (f.keyword) {
    const pattern = contains(f.keyword);
    q = q.where((eb) => eb.or((['text', 'subject', 'subject_en'] as const).map((c) => sql<SqlBool>`${sql.ref(c)} like ${pattern} escape '!'`)));
  }
  return {
    rows: (offset: number, limit: number) => q.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    count: async () => Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  };
}

/** The enquiries from this asker to this reader's side: how many, and the first one's time. */
export async function askedOf(db: Kysely<Database>, askerId: number, reader: Reader): Promise<{ n: number; first: EnquiryRow | undefined; last: EnquiryRow | undefined }> {
  const q = db.selectFrom('enquiry').where('asker_id', '=', askerId).where((eb) => toReader(eb, reader));
  const [r, first, last] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('id', 'asc').limit(1).executeTakeFirst(),
    q.selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  return { n: Number(r.n), first, last };
}
