// The one guard of the api. Every route declares who may call it in its options, once:
//   config: { auth: 'public' }    anyone; request.user stays null
//   config: { auth: 'optional' }  anyone; request.user is the signed-in user or null (guests are counted apart)
//   config: { auth: 'user' }      signed in, else 210018 (the page sends the visitor to /login)
//   config: { auth: 'seller' }    a settled manufacturer or trader acting for a company, else 300005;
//                                 a company the platform suspended, 501004
//   config: { auth: 'operator' }  signed in and a platform operator, else 210403
// The check runs before the body is validated, so a guest always gets 210018 whatever they sent. A route
// that declares nothing stops the boot (see the onRoute hook), so a new module cannot forget.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '../../../isomorphic/domain/codes';
import type { ApiDeps } from '../../deps';
import { ApiError, forbidden } from '../../http/errors';
import { findUser, notSignedIn, type UserRow } from './session';
import { CompanyStatus, UserRole } from '../../../isomorphic/domain/platform';
import { isSellerType } from '../../../isomorphic/domain/settlement';
import { companyStatusOf } from '../company/company.service';

export type Access = 'public' | 'optional' | 'user' | 'seller' | 'operator';
const accesses: readonly Access[] = ['public', 'optional', 'user', 'seller', 'operator'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call this route; required on every route (see api/modules/account/guard.ts) */
    auth?: Access;
  }
  interface FastifyRequest {
    /** the signed-in user the guard found (null on public routes and for guests on optional ones) */
    user: UserRow | null;
  }
}

/** Whether this user is a platform operator: the role in the database (PLATFORM_USER_IDS grants it at boot, and counts at once). */
export async function isPlatformOperator(deps: Pick<ApiDeps, 'config'>, user: UserRow): Promise<boolean> {
  return user.role === UserRole.OPERATOR || deps.config.orders.platformUserIds.includes(user.id);
}

/** Whether this user may act for a company as its seller: a manufacturer or trader settled with a company. */
export const isSeller = (user: Pick<UserRow, 'company_id' | 'settled' | 'user_type'>): boolean =>
  user.company_id !== null && user.settled === 1 && isSellerType(user.user_type);

/** The user the guard admitted on a 'user', 'seller' or 'operator' route. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw notSignedIn(request);
  return request.user;
}

async function guardPlugin(app: FastifyInstance, { deps }: { deps: ApiDeps }): Promise<void> {
  const db = deps.db.db;
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const auth = (route.config as { auth?: unknown } | undefined)?.auth;
    if (!accesses.includes(auth as Access)) {
      throw new Error(`${String(route.method)} ${route.url} must declare who may call it: config: { auth: ${accesses.map((a) => `'${a}'`).join(' | ')} }`);
    }
  });

  app.addHook('preValidation', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (auth === undefined || auth === 'public') return;
    const user = await findUser(db, request);
    if (auth === 'optional') { request.user = user; return; }
    if (!user) throw notSignedIn(request);
    if (auth === 'seller' && !isSeller(user)) throw new ApiError(Codes.NOT_A_SELLER, 403);
    // A company the platform suspended cannot act (its products are off sale until it is restored).
    if (auth === 'seller' && (await companyStatusOf(db, user.company_id!)) !== CompanyStatus.ACTIVE) throw new ApiError(Codes.COMPANY_SUSPENDED, 403);
    if (auth === 'operator' && !(await isPlatformOperator(deps, user))) throw forbidden();
    request.user = user;
  });
}

/** Registered once on the api's root, before any route (fastify-plugin: its hooks apply to every module). */
export const guard = fp(guardPlugin, { name: 'guard', fastify: '5.x' });
