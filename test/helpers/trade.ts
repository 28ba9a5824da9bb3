// People and pictures for the purchase, supply and enquiry tests: users of each type written directly
// (a buyer, a trader without a shop, sellers of a company), each with a signed-in token, and images they
// own (as an upload would record them).
import { createSession } from '../../api/modules/account/session';
import { PatternType, Unit, BuyType } from '../../isomorphic/domain/catalogue';
import type { Market } from './market';

export interface Person { id: number; token: string; userType: number; companyId: number | null }

let seq = 0;

export async function person(m: Market, userType: 1 | 2 | 3, companyId: number | null = null): Promise<Person> {
  const now = new Date().toISOString();
  const mobile = `136${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;
  const row = await m.db.insertInto('app_user').values({
    mobile, password_hash: 'scrypt$test', user_type: userType, nickname: `person ${seq}`, real_name: '', email: '', avatar_path: '',
    company_id: companyId, settled: companyId === null ? 0 : 1, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, token: await createSession(m.db, row.id), userType, companyId };
}

/** A seller (manufacturer) of a new company. */
export async function supplier(m: Market, name?: string): Promise<Person> {
  return person(m, 1, await m.company(name));
}

let images = 0;
/** A stored image owned by this user, in this database; answers its path. */
export async function storedImage(db: Market['db'], userId: number): Promise<string> {
  const path = `upload/${userId}/web-${++images}-${process.pid}.jpg`;
  await db.insertInto('stored_file').values({ path, content_type: 'image/jpeg', size: 100, width: 32, height: 32, owner_user_id: userId, created_at: new Date().toISOString() }).execute();
  return path;
}

/** A stored image owned by this user; answers its path. */
export const image = (m: Market, userId: number): Promise<string> => storedImage(m.db, userId);

/** A correct purchase request form, due in `days` days from `from`. */
export function requestForm(imagePath: string, over: Record<string, unknown> = {}, from = new Date(), days = 7) {
  return {
    imagePath, catalogue: PatternType.BIG_BORDER, sampleType: BuyType.BULK, acceptProduce: true, quantity: 500, unit: Unit.YARD,
    description: '法式睫毛蕾丝大边，白色，宽 12 cm', deadline: new Date(from.getTime() + days * 86_400_000).toISOString(), ...over,
  };
}
